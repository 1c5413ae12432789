import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { DEFAULT_UPSTREAM_URL } from '../../../contract/upstream-connections'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { connectionApi, connectionQueries } from './connection-queries'

const apiKey = z
  .string()
  .check(z.trim(), z.minLength(8, 'Paste the account’s API key (at least 8 characters)'))
const ConnectSchema = z.object({
  api_key: apiKey,
  base_url: z
    .string()
    .check(z.regex(/^https?:\/\/\S+$/, 'The upstream’s address, like https://api.terminal49.com/v2')),
})
const ReplaceSchema = z.object({ api_key: apiKey })

/** The key field is emptied once it is sent, whatever the answer. */
export function ConnectForm({ unavailable }: { unavailable?: string }) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { api_key: '', base_url: DEFAULT_UPSTREAM_URL },
    validators: { onSubmit: ConnectSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const made = await connectionApi.connect(value.api_key.trim(), value.base_url.trim())
        formApi.reset()
        void queryClient.invalidateQueries({ queryKey: connectionQueries.all() })
        showToast({
          tone: 'done',
          text: `Connected ${made.data.attributes.company_name ?? 'the account'}: its first copy is on its way.`,
        })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="api_key">
          {(field) => (
            <field.TextField
              label="API key"
              type="password"
              autoComplete="off"
              hint="Stored encrypted; only its last four characters are shown again."
            />
          )}
        </form.AppField>
        <form.AppField name="base_url">
          {(field) => (
            <field.TextField
              label="Upstream address"
              autoComplete="off"
              className="mono"
              hint="Terminal49’s API unless you run another compatible service."
            />
          )}
        </form.AppField>
        <form.FormFooter label="Connect" busyLabel="Checking the key…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}

/** Checked at the upstream before the old one is forgotten. */
export function ReplaceKeyForm({ id, name, onDone }: { id: string; name: string; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { api_key: '' },
    validators: { onSubmit: ReplaceSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await connectionApi.replaceKey(id, value.api_key.trim())
        formApi.reset()
        void queryClient.invalidateQueries({ queryKey: connectionQueries.all() })
        showToast({ tone: 'done', text: `The key of ${name} is replaced.` })
        onDone()
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="api_key">
          {(field) => (
            <field.TextField label={`New API key for ${name}`} type="password" autoComplete="off" />
          )}
        </form.AppField>
        <form.FormFooter label="Replace key" busyLabel="Checking the key…">
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        </form.FormFooter>
      </form.Form>
    </form.AppForm>
  )
}
