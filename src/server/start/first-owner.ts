import { randomBytes } from 'node:crypto'
import { acceptUrlOf, INVITATION_LIFETIME_MS } from '../routes/invitations'
import type { Storage } from '../storage/storage'

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505'

/**
 * OWNER_EMAIL: when the account has no owner, one is made (no password yet) with an invitation, and its
 * link is answered once, to be logged. A later start finds the owner and answers nothing.
 */
export async function inviteFirstOwner(
  storage: Storage,
  accountId: string,
  email: string,
  publicUrl: string,
  now: Date,
) {
  if (await storage.users.anyOwner(accountId)) return undefined
  const token = randomBytes(32).toString('base64url')
  try {
    await storage.transaction(async (tx) => {
      const user = await tx.users.create(accountId, { email, role: 'owner' })
      const invitation = await tx.invitations.create(accountId, token, {
        email,
        role: 'owner',
        expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      const actor = { kind: 'system' as const, name: 'First start (OWNER_EMAIL)' }
      await tx.audit.record(actor, {
        accountId,
        action: 'user.created',
        target: { type: 'user', id: user.id, label: email },
        after: { email, role: 'owner' },
      })
      await tx.audit.record(actor, {
        accountId,
        action: 'invitation.created',
        target: { type: 'invitation', id: invitation.id, label: email },
        after: { email, role: 'owner' },
      })
    })
  } catch (error) {
    // another process starting at the same moment made them
    if (isUniqueViolation(error)) return undefined
    throw error
  }
  return acceptUrlOf(publicUrl, token)
}
