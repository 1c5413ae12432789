import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { type Invitation, ROLE_LABELS, ROLES, type Role, rolesUpTo } from '../../../contract/people'
import { referenceQueries } from '../../api/reference-queries'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { peopleApi, peopleQueries } from './people-queries'

const InviteFormSchema = z
  .object({
    email: z.string().check(z.trim(), z.maxLength(254), z.email()),
    role: z.enum(ROLES),
    party_id: z.string(),
  })
  .check(
    z.refine((value) => value.role !== 'customer' || value.party_id !== '', {
      path: ['party_id'],
      message: 'Choose the customer whose shipments this person will see',
    }),
  )

const roleOptions = (roles: Role[]) => roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))

/** No mail goes out yet: the link is shown to copy. */
export function InviteForm({
  myRole,
  unavailable,
  onInvited,
}: {
  myRole: Role
  unavailable?: string
  onInvited: (invitation: Invitation) => void
}) {
  const queryClient = useQueryClient()
  const customers = useQuery(referenceQueries.customers())
  const form = useAppForm({
    defaultValues: { email: '', role: 'viewer' as Role, party_id: '' },
    validators: { onSubmit: InviteFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const created = await peopleApi.invite({
          email: value.email.trim().toLowerCase(),
          role: value.role,
          ...(value.role === 'customer' ? { party_id: value.party_id } : {}),
        })
        formApi.reset()
        onInvited(created.data)
        await queryClient.invalidateQueries({ queryKey: peopleQueries.all() })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  const role = useStore(form.store, (state) => state.values.role)
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Email"
              type="email"
              autoComplete="off"
              words="Enter their email address"
            />
          )}
        </form.AppField>
        <form.AppField name="role">
          {(field) => <field.SelectField label="Role" options={roleOptions(rolesUpTo(myRole))} />}
        </form.AppField>
        {role === 'customer' ? (
          <form.AppField name="party_id">
            {(field) => (
              <field.SelectField
                label="Customer"
                hint="A customer sees only this party's shipments."
                words="Choose the customer whose shipments this person will see"
                options={[
                  { value: '', label: 'Choose a customer' },
                  ...(customers.data?.data ?? []).map((party) => ({
                    value: party.id,
                    label: party.attributes.company_name ?? party.id,
                  })),
                ]}
              />
            )}
          </form.AppField>
        ) : null}
        <form.FormFooter label="Invite" busyLabel="Inviting…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}
