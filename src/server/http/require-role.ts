import { ROLE_LABELS, type Role, roleAtLeast } from '../../contract/people'
import type { Caller } from './auth'
import { problem } from './problem'

const article = (role: Role) => (role === 'admin' || role === 'operator' || role === 'owner' ? 'an' : 'a')
const named = (role: Role) => `${article(role)} ${ROLE_LABELS[role].toLowerCase()}`

export const leastRole = (declaration: { method: string; role?: Role }): Role =>
  declaration.role ?? (declaration.method === 'get' ? 'viewer' : 'operator')

/** Says in words what role it takes, so the dashboard can show it as it stands. */
export function requireRole(
  caller: Pick<Caller, 'role'>,
  declaration: { method: string; role?: Role; customer?: 'party-scoped' | 'self' },
) {
  const minimum = leastRole(declaration)
  const allowed =
    caller.role === 'customer'
      ? declaration.customer !== undefined && minimum === 'viewer'
      : roleAtLeast(caller.role, minimum)
  if (allowed) return
  throw problem(403, {
    detail:
      caller.role === 'customer'
        ? 'A customer sees only its own shipments and containers, and cannot do this'
        : `This needs ${named(minimum)} or above; you are ${named(caller.role)}`,
    code: 'role_forbidden',
  })
}
