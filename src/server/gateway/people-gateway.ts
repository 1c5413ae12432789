import type { Role } from '../../contract/people'
import type { SessionUser } from '../../contract/session'

/** A signed-in person as the gateway knows them: the session's `user`, and the account their keys act in. */
export type PersonFacts = SessionUser & { accountId: string; demo: boolean }

/** Where a change made through the gateway came from, for the audit trail. */
export type ChangeOrigin = { address: string; now: Date }

export type TokenState = 'pending' | 'used' | 'expired' | 'revoked'

type InvitationFacts = {
  state: TokenState
  email: string
  role: Role
  account_name: string
  first_name: string | null
  last_name: string | null
  expires_at: string
}

export type Acceptance = {
  first_name: string
  last_name?: string
  time_zone?: string
  passwordHash: string | null
}

/**
 * What the gateway asks of the built-in service about people. A pass-through gateway (UPSTREAM_URL and no
 * database) has none, and its person routes answer 404.
 */
/** A sign-in or sign-out everywhere, as the audit trail keeps it. */
type SessionEvent = {
  accountId: string
  action: string
  target: { type: string; id: string; label?: string }
  after?: Record<string, unknown>
}

export type PeopleGateway = {
  /** Undefined once the person is removed or may no longer sign in. */
  userFacts(userId: string): Promise<PersonFacts | undefined>
  /** The raw key, kept only in the person's sealed session row. */
  mintSessionKey(user: PersonFacts, expiresAt: Date, scope?: 'read' | 'write'): Promise<string>
  revokeSessionKey(rawKey: string): Promise<void>
  /** Every session key of the person but `keepRawKey`. */
  revokeSessionKeys(userId: string, keepRawKey?: string): Promise<void>
  /** The demo account's built-in person, for the demo sign-in. */
  demoPerson(demoApiKey: string): Promise<PersonFacts | undefined>
  /** A person who may sign in with a password; `passwordHash` null when they have none. */
  passwordSignIn(email: string): Promise<{ person: PersonFacts; passwordHash: string | null } | undefined>
  signedIn(userId: string, at: Date): Promise<void>
  /** Records a sign-in or sign-out everywhere in the audit trail. */
  recordSession?(person: PersonFacts, event: SessionEvent, origin: ChangeOrigin): Promise<void>
  invitation(token: string, now: Date): Promise<InvitationFacts | undefined>
  /**
   * Makes (or, for OWNER_EMAIL's owner, completes) the person; a state when the invitation cannot be used,
   * 'email_taken' when someone else with its email can already sign in.
   */
  acceptInvitation(
    token: string,
    acceptance: Acceptance,
    origin: ChangeOrigin,
  ): Promise<PersonFacts | TokenState | 'email_taken' | undefined>
  passwordHash(userId: string): Promise<string | null>
  setPassword(user: PersonFacts, passwordHash: string, origin: ChangeOrigin): Promise<void>
  passwordReset(token: string, now: Date): Promise<{ email: string; state: TokenState } | undefined>
  usePasswordReset(
    token: string,
    passwordHash: string,
    origin: ChangeOrigin,
  ): Promise<PersonFacts | TokenState | undefined>
}
