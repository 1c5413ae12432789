import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { ROLE_LABELS, type Role, rolesUpTo, type User } from '../../../contract/people'
import { serverProblems } from '../../components/form/server-problems'
import { peopleApi, peopleQueries } from './people-queries'

/** Only roles the viewer may grant are offered; the server's refusal is shown in its words. */
export function RoleCell({ user, myRole, canChange }: { user: User; myRole: Role; canChange: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const current = (user.attributes.role ?? 'viewer') as Role
  const change = useMutation({
    mutationFn: (role: Role) => peopleApi.setRole(user.id, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueries.all() }),
  })
  const grantable = rolesUpTo(myRole)
  const name = [user.attributes.first_name, user.attributes.last_name].filter(Boolean).join(' ')
  if (!canChange || !grantable.includes(current)) return ROLE_LABELS[current] ?? current
  const refused = change.error ? serverProblems(change.error, []).general.join(' ') : ''
  return (
    <>
      <select
        aria-label={`Role of ${name || user.attributes.email}`}
        aria-describedby={refused ? `${id}-error` : undefined}
        value={change.isPending ? change.variables : current}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Role)}
      >
        {grantable.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {refused}
      </p>
    </>
  )
}
