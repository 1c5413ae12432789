import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import type { WebhookEventKind } from '../../../contract/event-kinds'
import { type Webhook, WebhookHeaderNameSchema, WebhookHeaderValueSchema } from '../../../contract/webhooks'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { issueWords } from '../../components/form/issue-words'
import { WebhookEventsField } from './webhook-events-field'
import { webhookApi, webhookQueries } from './webhook-queries'

type Values = {
  url: string
  active: boolean
  events: WebhookEventKind[]
  headers: { name: string; value: string }[]
}

const UrlSchema = z.url({ protocol: /^https?$/ })

const firstProblem = (errors: unknown[], label: string, words?: string) =>
  errors.length > 0 ? issueWords(errors[0] as string, label, words) : undefined

/** Create or edit a webhook: URL, on or off, its events by category, and custom headers checked as HTTP bytes. */
export function WebhookForm(props: {
  webhook?: Webhook
  unavailable?: string
  onSaved: (webhook: Webhook, created: boolean) => void
}) {
  const { webhook, unavailable, onSaved } = props
  const queryClient = useQueryClient()
  const events = useQuery(webhookQueries.events())
  const form = useAppForm({
    defaultValues: {
      url: webhook?.attributes.url ?? '',
      active: webhook?.attributes.active ?? true,
      events: (webhook?.attributes.events ?? []) as WebhookEventKind[],
      headers: (webhook?.attributes.headers ?? []).map((h) => ({ name: h.name, value: h.value })),
    } as Values,
    onSubmit: async ({ value, formApi }) => {
      const attributes = {
        ...value,
        url: value.url.trim(),
        headers: value.headers.filter((h) => h.name.trim() || h.value.trim()),
      }
      try {
        const document = webhook
          ? await webhookApi.update(webhook.id, { data: { type: 'webhook', id: webhook.id, attributes } })
          : await webhookApi.create({ data: { type: 'webhook', attributes } })
        void queryClient.invalidateQueries({ queryKey: webhookQueries.all() })
        onSaved(document.data, !webhook)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  const headerInput = (index: number, part: 'name' | 'value') => {
    const label = `Header ${index + 1} ${part}`
    const id = `header-${index}-${part}`
    return (
      <form.Field
        name={`headers[${index}].${part}`}
        validators={{ onSubmit: part === 'name' ? WebhookHeaderNameSchema : WebhookHeaderValueSchema }}
      >
        {(field) => {
          const problem = firstProblem(
            field.state.meta.errors,
            label,
            part === 'name'
              ? 'A header name uses letters, digits and dashes, and not one Quayside sets'
              : undefined,
          )
          return (
            <div className="field">
              <label htmlFor={id}>{part === 'name' ? 'Name' : 'Value'}</label>
              <input
                id={id}
                aria-label={label}
                className="mono"
                value={String(field.state.value ?? '')}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
              {problem ? (
                <p id={`${id}-error`} className="field-error">
                  {problem}
                </p>
              ) : null}
            </div>
          )
        }}
      </form.Field>
    )
  }
  const headerCount = useStore(form.store, (state) => state.values.headers.length)
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
                problem={firstProblem(field.state.meta.errors, 'events')}
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
        <fieldset className="header-rows">
          <legend>Custom headers ({headerCount})</legend>
          <p className="hint">
            Sent with every delivery, for example a token your endpoint checks. Printable ASCII only.
          </p>
          <form.Field name="headers" mode="array">
            {(list) => (
              <>
                {list.state.value.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
                  <div className="inline header-row" key={index}>
                    {headerInput(index, 'name')}
                    {headerInput(index, 'value')}
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Remove header ${index + 1}`}
                      onClick={() => list.removeValue(index)}
                    >
                      Remove
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="secondary"
                  disabled={list.state.value.length >= 20}
                  onClick={() => list.pushValue({ name: '', value: '' })}
                >
                  Add a header
                </button>
              </>
            )}
          </form.Field>
        </fieldset>
        <form.FormFooter
          label={webhook ? 'Save changes' : 'Create webhook'}
          busyLabel="Saving…"
          unavailable={unavailable}
        />
      </form.Form>
    </form.AppForm>
  )
}
