import type { PeopleGateway } from '../gateway/people-gateway'
import { namesOf } from '../storage/invitation-store'
import type { Storage } from '../storage/storage'
import { acceptInvitation, setPassword, tokenState, usePasswordReset } from './people-changes'

/** The built-in service's people, straight from its storage. `onAccountChanged`: its cached answers go stale. */
export const storagePeople = (
  storage: Storage,
  onAccountChanged?: (accountId: string) => void,
): PeopleGateway => {
  const changed = <T extends { accountId: string } | string | undefined>(result: T) => {
    if (result && typeof result === 'object') onAccountChanged?.(result.accountId)
    return result
  }
  return {
    userFacts: (userId) => storage.users.signInFacts(userId),
    mintSessionKey: (user, expiresAt, scope) =>
      storage.apiKeys.mintSessionKey({ id: user.id, accountId: user.accountId }, expiresAt, scope),
    revokeSessionKey: (rawKey) => storage.apiKeys.revokeSessionKey(rawKey),
    revokeSessionKeys: (userId, keepRawKey) => storage.apiKeys.revokeSessionKeys(userId, keepRawKey),
    async demoPerson(demoApiKey) {
      const caller = await storage.apiKeys.authenticate(demoApiKey)
      const id = caller && (await storage.users.demoPersonOf(caller.accountId))
      return id ? storage.users.signInFacts(id) : undefined
    },
    async passwordSignIn(email) {
      const user = await storage.users.byEmail(email)
      const person = user && (await storage.users.signInFacts(user.id))
      return person ? { person, passwordHash: user.password_hash } : undefined
    },
    signedIn: async (userId, at) => {
      await storage.users.signedIn(userId, at)
    },
    recordSession: (person, event, origin) =>
      storage.transaction((tx) =>
        tx.audit.record(
          { kind: 'user', id: person.id, name: person.name, via: 'dashboard', address: origin.address },
          event,
        ),
      ),
    async invitation(token, now) {
      const found = await storage.invitations.byToken(token)
      if (!found) return undefined
      const { invitation } = found
      const [first_name, last_name] = namesOf(invitation.name)
      return {
        state: tokenState(invitation, now),
        email: invitation.email,
        role: invitation.role,
        account_name: found.account_name,
        first_name,
        last_name,
        expires_at: invitation.expires_at.toISOString(),
      }
    },
    acceptInvitation: async (token, acceptance, origin) =>
      changed(await acceptInvitation(storage, token, acceptance, origin)),
    passwordHash: (userId) => storage.users.passwordHash(userId),
    setPassword: (user, passwordHash, origin) => setPassword(storage, user, passwordHash, origin),
    async passwordReset(token, now) {
      const found = await storage.passwordResets.byToken(token)
      return found && { email: found.email, state: found.role ? tokenState(found.reset, now) : 'revoked' }
    },
    usePasswordReset: async (token, passwordHash, origin) =>
      changed(await usePasswordReset(storage, token, passwordHash, origin)),
  }
}
