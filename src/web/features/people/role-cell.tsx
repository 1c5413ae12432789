import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ROLE_LABELS, type Role, rolesUpTo, type User } from '../../../contract/people'
import { referenceQueries } from '../../api/reference-queries'
import { serverProblems } from '../../components/form/server-problems'
import { peopleApi, peopleQueries } from './people-queries'

type Change = { role: Role; partyId?: string }

/** Becoming a customer waits for the party whose shipments they will see, as the invite form asks. */
function CustomerParty({
  label,
  onChoose,
  onCancel,
}: {
  label: string
  onChoose: (partyId: string) => void
  onCancel: () => void
}) {
  const customers = useQuery(referenceQueries.customers())
  return (
    <>
      <select
        aria-label={label}
        defaultValue=""
        onChange={(event) => event.target.value && onChoose(event.target.value)}
      >
        <option value="">Choose a customer</option>
        {(customers.data?.data ?? []).map((party) => (
          <option key={party.id} value={party.id}>
            {party.attributes.company_name ?? party.id}
          </option>
        ))}
      </select>{' '}
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </>
  )
}

/** Only roles the viewer may grant are offered; the server's refusal is shown in its words. */
export function RoleCell({ user, myRole, canChange }: { user: User; myRole: Role; canChange: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [choosingParty, setChoosingParty] = useState(false)
  const current = (user.attributes.role ?? 'viewer') as Role
  const change = useMutation({
    mutationFn: ({ role, partyId }: Change) => peopleApi.setRole(user.id, role, partyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueries.all() }),
  })
  const grantable = rolesUpTo(myRole)
  const name = [user.attributes.first_name, user.attributes.last_name].filter(Boolean).join(' ')
  if (!canChange || !grantable.includes(current)) return ROLE_LABELS[current] ?? current
  const refused = change.error ? serverProblems(change.error, []).general.join(' ') : ''
  const choose = (role: Role) => (role === 'customer' ? setChoosingParty(true) : change.mutate({ role }))
  return (
    <>
      <select
        aria-label={`Role of ${name || user.attributes.email}`}
        aria-describedby={refused ? `${id}-error` : undefined}
        value={choosingParty ? 'customer' : change.isPending ? change.variables.role : current}
        disabled={change.isPending}
        onChange={(event) => choose(event.target.value as Role)}
      >
        {grantable.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {choosingParty ? (
        <CustomerParty
          label={`Customer whose shipments ${name || user.attributes.email} sees`}
          onCancel={() => setChoosingParty(false)}
          onChoose={(partyId) => {
            setChoosingParty(false)
            change.mutate({ role: 'customer', partyId })
          }}
        />
      ) : null}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {refused}
      </p>
    </>
  )
}
