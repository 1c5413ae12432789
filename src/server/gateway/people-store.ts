import type { Storage } from '../storage/storage'

/** What passkeys, View as and OAuth keep in the built-in service's storage; a pass-through gateway has none. */
export type PeopleStore = Pick<Storage, 'passkeys' | 'viewAs' | 'oauth' | 'transaction'>
