import type { Role } from '../../contract/people'
import type { AuditActor } from '../storage/audit-log'
import type { Stores } from '../storage/storage'
import { roleChangeRefusal } from './people-rules'

/** Whether `inviter` (null: removed) may still grant `role`, as at the invitation's making. */
export const inviterMayGrant = (inviter: Role | null | undefined, role: Role) =>
  !!inviter && !roleChangeRefusal(inviter, null, role, 1)

/**
 * An invitation holds no more than its maker may grant now: when they are demoted or removed (`role`
 * null), their pending invitations above that are revoked, in the change's own transaction.
 */
export async function revokeInvitationsOf(
  tx: Stores,
  actor: AuditActor,
  inviter: { accountId: string; userId: string; role: Role | null },
) {
  const pending = await tx.invitations.pendingBy(inviter.accountId, inviter.userId)
  for (const invitation of pending) {
    if (inviterMayGrant(inviter.role, invitation.role)) continue
    await tx.invitations.revoke(inviter.accountId, invitation.id)
    await tx.audit.record(actor, {
      accountId: inviter.accountId,
      action: 'invitation.revoked',
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      before: { state: 'pending' },
      after: { state: 'revoked', reason: inviter.role ? 'inviter_demoted' : 'inviter_removed' },
    })
  }
}
