import type { z } from 'zod/mini'
import { type Role, roleAtLeast, type UserUpdateSchema } from '../../contract/people'
import type { Caller } from '../http/auth'
import { invalidField, problem } from '../http/problem'
import type { AuditActor } from '../storage/audit-log'
import type { Storage } from '../storage/storage'
import type { ShownUser } from '../storage/user-store'
import { revokeInvitationsOf } from './inviter-changes'
import {
  demoRefusal,
  lastOwner,
  partyRefusal,
  refuse,
  roleChangeRefusal,
  targetRefusal,
} from './people-rules'
import { auditedUser } from './user-resource'

type Change = z.output<typeof UserUpdateSchema>['data']['attributes']

const OWN_FIELDS = new Set(['first_name', 'last_name', 'time_zone'])

async function checkParty(
  storage: Storage,
  accountId: string,
  role: Role,
  partyId: string | null | undefined,
) {
  refuse(partyRefusal(role, partyId))
  if (role !== 'customer') return null
  const [party] = await storage.parties.byIds(accountId, [partyId!])
  if (!party) throw invalidField('/data/attributes/party_id', `There is no party ${partyId} in this account`)
  return party.id
}

/** Role and party need an admin; anyone may change their own name and time zone. */
export async function changeUser(
  storage: Storage,
  { caller, actor }: { caller: Caller; actor: AuditActor },
  user: ShownUser,
  change: Change,
) {
  const self = caller.userId === user.user.id
  const adminOnly = Object.keys(change).some((key) => !OWN_FIELDS.has(key))
  if ((adminOnly || !self) && !roleAtLeast(caller.role, 'admin'))
    throw problem(403, {
      detail: self
        ? 'Only an admin or above changes roles and parties'
        : 'Only an admin or above changes another person',
      code: 'role_forbidden',
    })
  if (!self) refuse(targetRefusal(caller.role, user.user.role))
  refuse(demoRefusal(user.user))
  const from = user.user.role!
  const role = change.role ?? from
  const partyId = await checkParty(
    storage,
    caller.accountId,
    role,
    change.party_id === undefined ? user.user.party_id : change.party_id,
  )
  return storage.transaction(async (tx) => {
    if (role !== from)
      refuse(roleChangeRefusal(caller.role, from, role, (await tx.users.lockOwners(caller.accountId)).length))
    await tx.users.update(caller.accountId, user.user.id, { ...change, party_id: partyId })
    if (role !== from)
      await revokeInvitationsOf(tx, actor, { accountId: caller.accountId, userId: user.user.id, role })
    const changed = (await tx.users.get(caller.accountId, user.user.id))!
    await tx.audit.record(actor, {
      accountId: caller.accountId,
      action: role !== from ? 'user.role_changed' : 'user.updated',
      target: { type: 'user', id: user.user.id, label: user.user.email },
      before: auditedUser(user),
      after: auditedUser(changed),
    })
    return changed
  })
}

/** Not the last owner; an owner only by an owner. */
export async function removeUser(
  storage: Storage,
  { caller, actor }: { caller: Caller; actor: AuditActor },
  user: ShownUser,
) {
  refuse(demoRefusal(user.user))
  await storage.transaction(async (tx) => {
    if (user.user.role === 'owner') {
      if (caller.role !== 'owner')
        throw problem(403, { detail: 'Only an owner removes an owner', code: 'role_forbidden' })
      const owners = await tx.users.lockOwners(caller.accountId)
      if (owners.length <= 1) refuse(lastOwner(''))
    }
    await tx.users.remove(caller.accountId, user.user.id)
    await revokeInvitationsOf(tx, actor, { accountId: caller.accountId, userId: user.user.id, role: null })
    await tx.audit.record(actor, {
      accountId: caller.accountId,
      action: 'user.removed',
      target: { type: 'user', id: user.user.id, label: user.user.email },
      before: auditedUser(user),
    })
  })
}
