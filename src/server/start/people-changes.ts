import type { Acceptance, ChangeOrigin, PersonFacts, TokenState } from '../gateway/people-gateway'
import { inviterMayGrant } from '../routes/inviter-changes'
import type { AuditActor } from '../storage/audit-log'
import type { InvitationRow } from '../storage/invitation-store'
import type { Storage, Stores } from '../storage/storage'
import { isUniqueViolation } from '../storage/unique-violation'

/** Thrown inside the transaction so the invitation stays unaccepted. */
class EmailTaken extends Error {}

type Dated = { revoked_at?: Date | null; accepted_at?: Date | null; used_at?: Date | null; expires_at: Date }

export const tokenState = (row: Dated, now: Date): TokenState =>
  row.revoked_at
    ? 'revoked'
    : row.accepted_at || row.used_at
      ? 'used'
      : row.expires_at <= now
        ? 'expired'
        : 'pending'

const actor = (userId: string, name: string, origin: ChangeOrigin): AuditActor => ({
  kind: 'user',
  id: userId,
  name,
  via: 'dashboard',
  address: origin.address,
})

async function personFor(
  tx: Stores,
  accountId: string,
  email: string,
  acceptance: Acceptance,
  invited: { role: NonNullable<PersonFacts['role']>; party_id: string | null },
) {
  const names = { first_name: acceptance.first_name, last_name: acceptance.last_name ?? null }
  const zone = acceptance.time_zone ? { time_zone: acceptance.time_zone } : {}
  const existing = await tx.users.byEmail(email)
  // OWNER_EMAIL's owner, made at first start without a password or a sign-in
  if (existing && existing.account_id === accountId && !existing.password_hash && !existing.last_signed_in_at)
    return tx.users.update(accountId, existing.id, {
      ...names,
      ...zone,
      password_hash: acceptance.passwordHash,
    })
  if (existing) throw new EmailTaken()
  return tx.users.create(accountId, {
    email,
    role: invited.role,
    party_id: invited.party_id,
    ...names,
    ...zone,
    password_hash: acceptance.passwordHash,
  })
}

/** An invitation's maker must still be able to grant its role (they may have been demoted or removed). */
async function inviterStillMay(tx: Stores, invitation: InvitationRow) {
  if (!invitation.invited_by) return true
  const inviter = await tx.users.get(invitation.account_id, invitation.invited_by)
  return inviterMayGrant(inviter?.user.role, invitation.role)
}

/**
 * Once only: the invitation is marked before the person is made, in one transaction. Another invitation for
 * the same email accepted first (or at the same moment, caught by the unique index) answers 'email_taken'.
 */
export async function acceptInvitation(
  storage: Storage,
  token: string,
  acceptance: Acceptance,
  origin: ChangeOrigin,
): Promise<PersonFacts | TokenState | 'email_taken' | undefined> {
  try {
    return await acceptInTransaction(storage, token, acceptance, origin)
  } catch (error) {
    if (error instanceof EmailTaken || isUniqueViolation(error, 'users_sign_in_email')) return 'email_taken'
    throw error
  }
}

const acceptInTransaction = (storage: Storage, token: string, acceptance: Acceptance, origin: ChangeOrigin) =>
  storage.transaction(async (tx): Promise<PersonFacts | TokenState | undefined> => {
    const found = await tx.invitations.byToken(token)
    if (!found) return undefined
    const { invitation } = found
    const state = tokenState(invitation, origin.now)
    if (state !== 'pending') return state
    if (!(await inviterStillMay(tx, invitation))) return 'revoked'
    if (!(await tx.invitations.markAccepted(invitation.id, origin.now))) return 'used'
    const user = await personFor(tx, invitation.account_id, invitation.email, acceptance, invitation)
    const person = (await tx.users.signInFacts(user.id))!
    const by = actor(user.id, person.name, origin)
    await tx.audit.record(by, {
      accountId: invitation.account_id,
      action: 'invitation.accepted',
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      after: { user_id: user.id },
    })
    await tx.audit.record(by, {
      accountId: invitation.account_id,
      action: 'user.joined',
      target: { type: 'user', id: user.id, label: user.email },
      after: { email: user.email, role: user.role, first_name: user.first_name, last_name: user.last_name },
    })
    return person
  })

async function changePassword(
  tx: Stores,
  user: PersonFacts,
  passwordHash: string,
  origin: ChangeOrigin,
  action: string,
) {
  await tx.users.update(user.accountId, user.id, { password_hash: passwordHash })
  // a new password ends every reset link still out, whichever way it was set
  await tx.passwordResets.spendAllOf(user.id, origin.now)
  await tx.audit.record(actor(user.id, user.name, origin), {
    accountId: user.accountId,
    action,
    target: { type: 'user', id: user.id, label: user.email },
  })
  // a reset means the password may have been lost: keys made with it may be in the wrong hands too
  if (action === 'user.password_reset') await revokePersonalKeys(tx, user, origin)
}

export const setPassword = (
  storage: Storage,
  user: PersonFacts,
  passwordHash: string,
  origin: ChangeOrigin,
  action = 'user.password_changed',
) => storage.transaction((tx) => changePassword(tx, user, passwordHash, origin, action))

async function revokePersonalKeys(tx: Stores, user: PersonFacts, origin: ChangeOrigin) {
  for (const key of await tx.personalKeys.revokeAllOf(user.id))
    await tx.audit.record(actor(user.id, user.name, origin), {
      accountId: user.accountId,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id, label: key.name },
      after: { reason: 'password_reset' },
    })
}

/** Once only, and only while the person may still sign in: the link is spent with the password set. */
export const usePasswordReset = (
  storage: Storage,
  token: string,
  passwordHash: string,
  origin: ChangeOrigin,
) =>
  storage.transaction(async (tx): Promise<PersonFacts | TokenState | undefined> => {
    const found = await tx.passwordResets.byToken(token)
    if (!found) return undefined
    const state = tokenState(found.reset, origin.now)
    if (state !== 'pending') return state
    const person = await tx.users.signInFacts(found.reset.user_id)
    if (!person) return 'revoked'
    if (!(await tx.passwordResets.use(token, origin.now))) return 'used'
    await changePassword(tx, person, passwordHash, origin, 'user.password_reset')
    return person
  })
