import { randomBytes } from 'node:crypto'
import { acceptUrlOf, INVITATION_LIFETIME_MS } from '../routes/invitations'
import type { Storage, Stores } from '../storage/storage'
import { isUniqueViolation } from '../storage/unique-violation'

export type OwnerInvitation = { email: string; url: string }

const inviteOwner = async (tx: Stores, accountId: string, email: string, token: string, now: Date) => {
  const invitation = await tx.invitations.create(accountId, token, {
    email,
    role: 'owner',
    expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS),
  })
  await tx.audit.record(
    { kind: 'system', name: 'First start (OWNER_EMAIL)' },
    {
      accountId,
      action: 'invitation.created',
      target: { type: 'invitation', id: invitation.id, label: email },
      after: { email, role: 'owner' },
    },
  )
}

/**
 * The owner OWNER_EMAIL made never came and their invitation ran out: nobody else can let them in, so a
 * start issues another. The owners' rows stay locked meanwhile, so of two processes starting, one issues it.
 */
async function reinviteAbsentOwner(storage: Storage, accountId: string, now: Date) {
  const token = randomBytes(32).toString('base64url')
  const email = await storage.transaction(async (tx) => {
    await tx.users.lockOwners(accountId)
    const owner = await tx.users.ownerNeverSignedIn(accountId)
    if (!owner || (await tx.invitations.anyPending(accountId, owner.email, now))) return undefined
    await inviteOwner(tx, accountId, owner.email, token, now)
    return owner.email
  })
  return email ? { email, token } : undefined
}

async function makeFirstOwner(storage: Storage, accountId: string, email: string, now: Date) {
  const token = randomBytes(32).toString('base64url')
  try {
    await storage.transaction(async (tx) => {
      const user = await tx.users.create(accountId, { email, role: 'owner' })
      await tx.audit.record(
        { kind: 'system', name: 'First start (OWNER_EMAIL)' },
        {
          accountId,
          action: 'user.created',
          target: { type: 'user', id: user.id, label: email },
          after: { email, role: 'owner' },
        },
      )
      await inviteOwner(tx, accountId, email, token, now)
    })
  } catch (error) {
    // another process starting at the same moment made them
    if (isUniqueViolation(error)) return undefined
    throw error
  }
  return { email, token }
}

/**
 * OWNER_EMAIL: when the account has no owner, one is made (no password yet) with an invitation, and its
 * link is answered once, to be logged. A later start answers nothing, unless that owner still never signed
 * in and holds no pending invitation: then it answers a new link.
 */
export async function inviteFirstOwner(
  storage: Storage,
  accountId: string,
  email: string,
  publicUrl: string,
  now: Date,
): Promise<OwnerInvitation | undefined> {
  const invited = (await storage.users.anyOwner(accountId))
    ? await reinviteAbsentOwner(storage, accountId, now)
    : await makeFirstOwner(storage, accountId, email, now)
  return invited && { email: invited.email, url: acceptUrlOf(publicUrl, invited.token) }
}
