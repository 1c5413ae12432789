import './webhooks.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { WebhookNotificationLogSchema } from '../../../contract/webhooks'
import { createIncludeGraph } from '../../api/include-graph'
import { useWriteAccess } from '../../components/access/write-access'
import { Time } from '../../components/time/time'
import { JsonTree } from './json-tree'
import { PayloadWords } from './payload-words'
import { webhookApi, webhookQueries } from './webhook-queries'
import { HeaderList } from './webhook-test-send'
import { deliveryState, deliveryStateIcon, deliveryStateWords, failureWords } from './webhook-words'

/** One notification: its state, its payload, every attempt, and Redeliver under the same id. */
export function NotificationPage() {
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const { canWrite, reason } = useWriteAccess()
  const { data, error, isPending } = useQuery(webhookQueries.notification(id))
  const payload = useQuery(webhookQueries.payload(id))
  const redeliver = useMutation({
    mutationFn: () => webhookApi.redeliver(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  })
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading notification…</p>
  const notification = data.data
  const a = notification.attributes
  const state = deliveryState(a)
  const graph = createIncludeGraph(data)
  const attempts = graph.many(notification, 'webhook_notification_logs', WebhookNotificationLogSchema)
  const webhookId = notification.relationships?.webhook?.data?.id
  return (
    <article aria-labelledby="notification-title">
      <div className="title-bar">
        <h1 id="notification-title">
          Notification <span className="mono">{a.event}</span>
        </h1>
        {webhookId ? <Link to={`/webhooks/${webhookId}/deliveries`}>Delivery log</Link> : null}
      </div>
      <p className="muted">
        Id <span className="mono">{notification.id}</span> · written <Time value={a.created_at} />
      </p>
      <section
        aria-label="State"
        className={`answer answer-${state === 'failed' ? 'bad' : state === 'succeeded' ? 'good' : 'info'}`}
      >
        <p className="answer-headline" aria-live="polite">
          <span aria-hidden="true">{deliveryStateIcon(state)} </span>
          {deliveryStateWords(state)}
          {state === 'retrying' && a.next_attempt_at ? (
            <>
              {' '}
              · next attempt <Time value={a.next_attempt_at} />
            </>
          ) : null}
        </p>
        {canWrite ? (
          <button
            type="button"
            className="secondary"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate()}
          >
            {redeliver.isPending ? 'Queuing…' : 'Redeliver'}
          </button>
        ) : (
          <p className="read-only-notice" role="note">
            Redelivering is not available: {reason}.
          </p>
        )}
        <p aria-live="polite" className="small">
          {redeliver.error
            ? `Not redelivered: ${failureWords(redeliver.error)}`
            : redeliver.isSuccess
              ? 'Queued: it will be sent again under the same id.'
              : ''}
        </p>
      </section>
      <section aria-labelledby="payload-title">
        <h2 id="payload-title">Payload</h2>
        {payload.error ? (
          <p className="field-error">The payload could not be loaded: {failureWords(payload.error)}</p>
        ) : payload.data ? (
          <>
            <PayloadWords payload={payload.data} at={a.created_at} />
            <JsonTree value={payload.data} label="body" open />
          </>
        ) : (
          <p aria-busy="true">Loading payload…</p>
        )}
      </section>
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
    </article>
  )
}
