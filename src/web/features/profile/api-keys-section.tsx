import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { z } from 'zod/mini'
import { type ApiKey, ROLE_LABELS, ROLES, type Role, rolesUpTo } from '../../../contract/people'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { CopyValue } from '../../components/form/copy-value'
import { serverProblems } from '../../components/form/server-problems'
import { Time } from '../../components/time/time'
import { profileApi, profileQueries } from './profile-queries'

const KeyFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  role: z.enum(ROLES),
})

function KeyForm({
  myRole,
  unavailable,
  onCreated,
}: {
  myRole: Role
  unavailable?: string
  onCreated: (key: ApiKey) => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { name: '', role: myRole },
    validators: { onSubmit: KeyFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const created = await profileApi.createKey(value.name.trim(), value.role)
        formApi.reset()
        onCreated(created.data)
        await queryClient.invalidateQueries({ queryKey: profileQueries.keys().queryKey })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label="Key name"
              autoComplete="off"
              words="Name the key for where it will be used"
            />
          )}
        </form.AppField>
        <form.AppField name="role">
          {(field) => (
            <field.SelectField
              label="Acts as"
              hint="A key never does more than your own role, even if your role changes later."
              options={rolesUpTo(myRole).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            />
          )}
        </form.AppField>
        <form.FormFooter label="Create key" busyLabel="Creating…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}

const live = (key: ApiKey) => !key.attributes.revoked_at

const keyColumns = (revokeCell: (key: ApiKey) => ReactNode): DataColumn<ApiKey>[] => [
  {
    id: 'name',
    header: 'Name',
    cell: (k) => (
      <>
        {k.attributes.name} <code className="muted small">{k.attributes.token_prefix}…</code>
      </>
    ),
    phone: 'title',
    width: 12,
  },
  {
    id: 'role',
    header: 'Acts as',
    cell: (k) => ROLE_LABELS[k.attributes.role as Role] ?? k.attributes.role,
    width: 7,
  },
  { id: 'made', header: 'Made', cell: (k) => <Time value={k.attributes.created_at} />, width: 10 },
  {
    id: 'used',
    header: 'Last used',
    cell: (k) => <Time value={k.attributes.last_used_at} fallback="Never" />,
    width: 10,
  },
  { id: 'revoke', header: 'Actions', cell: revokeCell, width: 7 },
]

export function ApiKeysSection({
  userId,
  myRole,
  unavailable,
}: {
  userId: string
  myRole: Role
  unavailable?: string
}) {
  const queryClient = useQueryClient()
  const keys = useQuery(profileQueries.keys())
  const [created, setCreated] = useState<ApiKey>()
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => profileApi.revokeKey(key.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueries.keys().queryKey }),
  })
  const mine = keys.data?.data.filter(
    (k) =>
      (k.attributes.kind === 'personal' || k.attributes.kind === 'oauth') &&
      k.attributes.user_id === userId &&
      live(k),
  )
  const columns = keyColumns((k) => (
    <button
      type="button"
      className="secondary"
      disabled={revoke.isPending || Boolean(unavailable)}
      onClick={() => revoke.mutate(k)}
    >
      Revoke<span className="visually-hidden"> {k.attributes.name}</span>
    </button>
  ))
  return (
    <>
      <KeyForm myRole={myRole} unavailable={unavailable} onCreated={setCreated} />
      {created?.attributes.token ? (
        <div className="answer answer-good" role="status">
          <p className="answer-headline">“{created.attributes.name}” is ready</p>
          <p>Copy the key now: it is shown only this once and kept only as a hash.</p>
          <CopyValue label="The new key" value={created.attributes.token} />
        </div>
      ) : null}
      {revoke.error ? (
        <p className="field-error" role="alert">
          {serverProblems(revoke.error, []).general.join(' ')}
        </p>
      ) : null}
      <DataTable
        label="Your API keys"
        columns={columns}
        rows={mine}
        rowId={(k) => k.id}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        empty={{ title: 'No keys of your own', hint: 'Create one above for a script or an integration.' }}
      />
    </>
  )
}
