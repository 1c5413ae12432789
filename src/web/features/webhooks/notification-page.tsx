import './webhooks.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { WebhookNotificationLogSchema } from '../../../contract/webhooks'
import { createIncludeGraph } from '../../api/include-graph'
import { Time } from '../../components/time/time'
import { NotificationAttempts, NotificationPayload } from './notification-attempts'
import { NotificationState } from './notification-state'
import { webhookQueries } from './webhook-queries'

export function NotificationPage() {
  const { id = '' } = useParams()
  const { data, error, isPending } = useQuery(webhookQueries.notification(id))
  const payload = useQuery(webhookQueries.payload(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading notification…</p>
  const notification = data.data
  const a = notification.attributes
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
      <NotificationState id={id} a={a} />
      <NotificationPayload payload={payload} at={a.created_at} />
      <NotificationAttempts attempts={attempts} />
    </article>
  )
}
