import type { PeopleGateway } from '../gateway/people-gateway'
import type { Storage } from '../storage/storage'

/** The built-in service's people, straight from its storage. */
export const storagePeople = (storage: Storage): PeopleGateway => ({
  userFacts: (userId) => storage.users.signInFacts(userId),
  mintSessionKey: (user, expiresAt, scope) =>
    storage.apiKeys.mintSessionKey({ id: user.id, accountId: user.accountId }, expiresAt, scope),
  revokeSessionKey: (rawKey) => storage.apiKeys.revokeSessionKey(rawKey),
  revokeSessionKeys: (userId, keepRawKey) => storage.apiKeys.revokeSessionKeys(userId, keepRawKey),
})
