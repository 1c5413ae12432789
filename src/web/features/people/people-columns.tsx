import type { ReactNode } from 'react'
import type { Role, User } from '../../../contract/people'
import type { DataColumn } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { personName } from './person-actions'
import { RoleCell } from './role-cell'

const signInWords = (user: User) => {
  const passkeys = user.attributes.passkey_count ?? 0
  const ways = [
    user.attributes.has_password ? 'Password' : '',
    passkeys > 0 ? `${passkeys} passkey${passkeys === 1 ? '' : 's'}` : '',
  ].filter(Boolean)
  return ways.length > 0 ? ways.join(', ') : 'Not set up yet'
}

export const peopleColumns = ({
  myRole,
  canManage,
  actions,
}: {
  myRole: Role
  canManage: boolean
  actions: (user: User) => ReactNode
}): DataColumn<User>[] => [
  { id: 'name', header: 'Name', cell: personName, phone: 'title', width: 10 },
  { id: 'email', header: 'Email', cell: (u) => u.attributes.email ?? '—', width: 12 },
  {
    id: 'role',
    header: 'Role',
    cell: (u) => (
      <>
        <RoleCell user={u} myRole={myRole} canChange={canManage} />
        {u.attributes.role === 'customer' && u.attributes.party_name ? (
          <span className="muted small"> of {u.attributes.party_name}</span>
        ) : null}
      </>
    ),
    width: 9,
  },
  {
    id: 'signed-in',
    header: 'Last sign-in',
    cell: (u) => <Time value={u.attributes.last_signed_in_at} fallback="Never" />,
    width: 10,
  },
  { id: 'ways', header: 'Signs in with', cell: signInWords, width: 8 },
  { id: 'actions', header: 'Actions', cell: actions, width: 16 },
]
