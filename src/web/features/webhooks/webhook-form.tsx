import { useQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import type { WebhookEventKind } from '../../../contract/event-kinds'
import type { Webhook } from '../../../contract/webhooks'
import { withForm } from '../../components/form/app-form'
import { firstIssueWords } from '../../components/form/issue-words'
import { useWebhookForm, webhookFormValues } from './use-webhook-form'
import { WebhookEventsField } from './webhook-events-field'
import { WebhookHeaderRows } from './webhook-header-rows'
import { webhookQueries } from './webhook-queries'

const UrlSchema = z.url({ protocol: /^https?$/ })

const WebhookEventsChoice = withForm({
  defaultValues: webhookFormValues(),
  render: function WebhookEventsChoice({ form }) {
    const events = useQuery(webhookQueries.events())
    return (
      <form.Field
        name="events"
        validators={{
          onSubmit: ({ value }) => (value.length === 0 ? 'Choose at least one event' : undefined),
        }}
      >
        {(field) =>
          events.data ? (
            <WebhookEventsField
              categories={events.data.data}
              value={field.state.value}
              onChange={(next) => field.handleChange(next as WebhookEventKind[])}
              problem={firstIssueWords(field.state.meta.errors, 'events')}
            />
          ) : events.error ? (
            <p className="field-error">
              The list of events could not be loaded. Reload the page to try again.
            </p>
          ) : (
            <p aria-busy="true">Loading events…</p>
          )
        }
      </form.Field>
    )
  },
})

/** Custom headers are checked as HTTP bytes. */
export function WebhookForm(props: {
  webhook?: Webhook
  unavailable?: string
  onSaved: (webhook: Webhook, created: boolean) => void
}) {
  const { webhook, unavailable, onSaved } = props
  const form = useWebhookForm(webhook, onSaved)
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="url" validators={{ onSubmit: UrlSchema }}>
          {(field) => (
            <field.TextField
              label="URL"
              words="Enter an https:// or http:// address"
              hint="Where Quayside POSTs each notification. It must be reachable from the internet."
              className="mono"
              inputMode="url"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.Field name="active">
          {(field) => (
            <label className="check">
              <input
                type="checkbox"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
              Active: send notifications to this URL
            </label>
          )}
        </form.Field>
        <WebhookEventsChoice form={form} />
        <WebhookHeaderRows form={form} />
        <form.FormFooter
          label={webhook ? 'Save changes' : 'Create webhook'}
          busyLabel="Saving…"
          unavailable={unavailable}
        />
      </form.Form>
    </form.AppForm>
  )
}
