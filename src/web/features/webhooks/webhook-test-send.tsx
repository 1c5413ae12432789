import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { WebhookEventKind } from '../../../contract/event-kinds'
import type { Webhook } from '../../../contract/webhooks'
import { webhookApi, webhookQueries } from './webhook-queries'
import { failureWords } from './webhook-words'

/** Built like a real notification. */
export function WebhookTestSend({ webhook, unavailable }: { webhook: Webhook; unavailable?: string }) {
  const id = useId()
  const events = useQuery(webhookQueries.events())
  const kinds = webhook.attributes.events?.length
    ? webhook.attributes.events
    : (events.data?.data.flatMap((c) => c.attributes.events.map((e) => e.name)) ?? [])
  const [event, setEvent] = useState<string>('')
  const chosen = event || kinds[0] || ''
  const send = useMutation({
    mutationFn: () =>
      webhookApi.trigger({
        url: webhook.attributes.url,
        event: chosen as WebhookEventKind,
        ...(webhook.attributes.secret ? { secret: webhook.attributes.secret } : {}),
      }),
  })
  const result = send.data
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send a test</h2>
      <p className="hint">
        An example payload of the kind you pick, built from this account's latest data the way real ones are,
        signed with this webhook's secret. It is not recorded in the delivery log.
      </p>
      <div className="inline">
        <div className="field">
          <label htmlFor={`${id}-event`}>Event kind</label>
          <select id={`${id}-event`} value={chosen} onChange={(change) => setEvent(change.target.value)}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          disabled={Boolean(unavailable) || !chosen || send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending…' : 'Send test'}
        </button>
      </div>
      {unavailable ? <p className="muted">{unavailable}</p> : null}
      <div aria-live="polite">
        {send.error ? (
          <p className="field-error">The test was not sent: {failureWords(send.error)}</p>
        ) : result ? (
          <div className={`answer ${result.succeeded ? 'answer-good' : 'answer-bad'}`}>
            <p className="answer-headline">
              <span aria-hidden="true">{result.succeeded ? '✔ ' : '✖ '}</span>
              {result.succeeded
                ? `Delivered: the endpoint answered ${result.status_code}`
                : `Not delivered: ${result.error ?? `HTTP ${result.status_code}`}`}
              {result.duration_ms !== null && result.duration_ms !== undefined
                ? ` in ${result.duration_ms} ms`
                : ''}
            </p>
            <details>
              <summary>Request sent</summary>
              <HeaderList headers={result.request_headers} />
              <pre className="payload">{pretty(result.request_body)}</pre>
            </details>
          </div>
        ) : null}
      </div>
    </section>
  )
}

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export function HeaderList({ headers }: { headers: Record<string, string> }) {
  return (
    <dl className="header-list">
      {Object.entries(headers).map(([name, value]) => (
        <div key={name}>
          <dt className="mono">{name}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
