import { ROLE_LABELS, type Role, roleAtLeast } from '../../contract/people'
import { problem } from '../http/problem'

type Refusal = { status: 403 | 422; pointer: string; detail: string; code: string }

const ROLE = '/data/attributes/role'

/**
 * Whether `by` may give `to` to someone who now has `from` (null: a new person). `owners`: how many owners
 * the account has now. An owner alone makes or unmakes an owner, nobody grants above themself, and the
 * account never ends without an owner.
 */
export function roleChangeRefusal(
  by: Role,
  from: Role | null,
  to: Role,
  owners: number,
): Refusal | undefined {
  if (!roleAtLeast(by, 'admin'))
    return {
      status: 403,
      pointer: ROLE,
      detail: 'Only an admin or an owner changes roles',
      code: 'role_forbidden',
    }
  if ((to === 'owner' || from === 'owner') && by !== 'owner')
    return {
      status: 403,
      pointer: ROLE,
      detail: 'Only an owner makes or unmakes an owner',
      code: 'role_forbidden',
    }
  if (!roleAtLeast(by, to))
    return {
      status: 403,
      pointer: ROLE,
      detail: `You are ${ROLE_LABELS[by].toLowerCase()} and cannot grant ${ROLE_LABELS[to].toLowerCase()}`,
      code: 'role_forbidden',
    }
  if (from === 'owner' && to !== 'owner' && owners <= 1) return lastOwner(ROLE)
  return undefined
}

/** Never leaves an account without an owner. */
export const lastOwner = (pointer: string): Refusal => ({
  status: 422,
  pointer,
  detail: 'The account needs at least one owner: make someone else an owner first',
  code: 'last_owner',
})

/** A customer sees one party's shipments, so it needs that party; nobody else has one. */
export function partyRefusal(role: Role, partyId: string | null | undefined): Refusal | undefined {
  if (role === 'customer' && !partyId)
    return {
      status: 422,
      pointer: '/data/attributes/party_id',
      detail: 'A customer needs the party whose shipments they see',
      code: 'party_required',
    }
  return undefined
}

export function refuse(refusal: Refusal | undefined) {
  if (refusal) throw problem(refusal.status, refusal)
}

/**
 * An admin acting on another person or invitation: an owner's needs an owner (an account key acts as one).
 * `strict`: the target must also be below the caller, for acts that hand over the target's sign-in.
 */
export function targetRefusal(by: Role, target: Role | null, strict = false): Refusal | undefined {
  if (by === 'owner' || !target) return undefined
  if (target === 'owner')
    return {
      status: 403,
      pointer: '',
      detail: 'Only an owner changes an owner or an owner invitation',
      code: 'role_forbidden',
    }
  if (strict && roleAtLeast(target, by))
    return {
      status: 403,
      pointer: '',
      detail: `Only someone above ${ROLE_LABELS[target].toLowerCase()} makes a password reset for them`,
      code: 'role_forbidden',
    }
  return undefined
}

/** The demo's person is every visitor's: nobody changes, removes or resets them, nor ends all their sessions. */
export function demoRefusal(target: { demo: boolean }): Refusal | undefined {
  if (!target.demo) return undefined
  return {
    status: 403,
    pointer: '',
    detail: "The demo's person is shared by every visitor: they cannot be changed, removed or reset",
    code: 'demo_person',
  }
}
