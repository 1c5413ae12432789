import { useQuery } from '@tanstack/react-query'
import { ROLE_LABELS, type Role, roleAtLeast } from '../../../contract/roles'
import type { Session } from '../../../contract/session'
import { sessionQuery } from '../../api/session'

const article = (role: Role) => (role === 'owner' || role === 'admin' || role === 'operator' ? 'an' : 'a')
const named = (role: Role) => `${article(role)} ${ROLE_LABELS[role].toLowerCase()}`

/** A key sign-in has no person: an account key acts as owner, a read-only one as viewer. */
export function sessionRole(session: Session | undefined): Role {
  if (session?.viewingAs) return session.viewingAs.role
  if (session?.user) return session.user.role
  return session?.access === 'read-only' ? 'viewer' : 'owner'
}

/** Why `least` is out of reach for this session, in words that follow "… is not available: ", or undefined. */
export function unavailableReason(session: Session | undefined, least: Role = 'operator') {
  if (!session) return undefined
  if (session.viewingAs) return `you are viewing as ${session.viewingAs.name}, which is read-only`
  if (session.access === 'read-only' && session.demo) return 'this demo is read-only'
  if (session.access === 'read-only' && !session.user) return 'your API key is read-only'
  const role = sessionRole(session)
  if (roleAtLeast(role, least)) return undefined
  const needs = least === 'owner' ? 'an owner' : `${named(least)} or above`
  return `it needs ${needs}; you are ${named(role)}`
}

/** One mechanism for every control: the session's role, a read-only key or demo, and View as. */
export function useWriteAccess(least: Role = 'operator') {
  const { data } = useQuery(sessionQuery)
  const reason = unavailableReason(data, least)
  return { canWrite: reason === undefined, reason, role: sessionRole(data) }
}

export function ReadOnlyNotice({
  id,
  action,
  more,
  least,
}: {
  id?: string
  action: string
  more?: string
  least?: Role
}) {
  const { canWrite, reason } = useWriteAccess(least)
  if (canWrite) return null
  return (
    <p id={id} className="read-only-notice" role="note">
      {action} is not available: {reason}.{more ? ` ${more}` : ''}
    </p>
  )
}
