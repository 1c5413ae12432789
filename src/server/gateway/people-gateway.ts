import type { SessionUser } from '../../contract/session'

/** A signed-in person as the gateway knows them: the session's `user`, and the account their keys act in. */
export type PersonFacts = SessionUser & { accountId: string; demo: boolean }

/**
 * What the gateway asks of the built-in service about people. A pass-through gateway (UPSTREAM_URL and no
 * database) has none, and its person routes answer 404.
 */
export type PeopleGateway = {
  /** Undefined once the person is removed or may no longer sign in. */
  userFacts(userId: string): Promise<PersonFacts | undefined>
  /** The raw key, kept only in the person's sealed session row. */
  mintSessionKey(user: PersonFacts, expiresAt: Date, scope?: 'read' | 'write'): Promise<string>
  revokeSessionKey(rawKey: string): Promise<void>
  /** Every session key of the person but `keepRawKey`. */
  revokeSessionKeys(userId: string, keepRawKey?: string): Promise<void>
}
