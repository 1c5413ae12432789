import type { UseQueryResult } from '@tanstack/react-query'
import type { z } from 'zod/mini'
import type { WebhookNotificationLog, WebhookPayloadSchema } from '../../../contract/webhooks'
import { Time } from '../../components/time/time'
import { JsonTree } from './json-tree'
import { PayloadWords } from './payload-words'
import { HeaderList } from './webhook-test-send'
import { failureWords } from './webhook-words'

type PayloadQuery = UseQueryResult<z.infer<typeof WebhookPayloadSchema>>

export function NotificationPayload({
  payload,
  at,
}: {
  payload: PayloadQuery
  at: string | null | undefined
}) {
  return (
    <section aria-labelledby="payload-title">
      <h2 id="payload-title">Payload</h2>
      {payload.error ? (
        <p className="field-error">The payload could not be loaded: {failureWords(payload.error)}</p>
      ) : payload.data ? (
        <>
          <PayloadWords payload={payload.data} at={at} />
          <JsonTree value={payload.data} label="body" open />
        </>
      ) : (
        <p aria-busy="true">Loading payload…</p>
      )}
    </section>
  )
}

export function NotificationAttempts({ attempts }: { attempts: WebhookNotificationLog[] }) {
  return (
    <section aria-labelledby="attempts-title">
      <h2 id="attempts-title">Attempts ({attempts.length})</h2>
      {attempts.length === 0 ? <p className="muted">Not tried yet.</p> : null}
      <ol className="attempts">
        {attempts.map((attempt) => {
          const at = attempt.attributes
          return (
            <li key={attempt.id}>
              <p>
                <strong>
                  <span aria-hidden="true">{at.error ? '✖ ' : '✔ '}</span>
                  {at.error ? `Failed: ${at.error}` : `Delivered: ${at.status_code}`}
                </strong>{' '}
                · <Time value={at.attempted_at} /> · {at.duration_ms ?? 0} ms
                {at.status_code && at.error ? ` · HTTP ${at.status_code}` : ''}
              </p>
              {at.request_headers ? (
                <details>
                  <summary>Request headers</summary>
                  <HeaderList headers={at.request_headers} />
                </details>
              ) : null}
              {at.response_excerpt ? (
                <details>
                  <summary>Response excerpt</summary>
                  <pre className="payload">{at.response_excerpt}</pre>
                </details>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
