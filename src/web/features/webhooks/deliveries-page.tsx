import './webhooks.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { WEBHOOK_NOTIFICATION_LIST } from '../../../contract/webhook-notification-list-query'
import { DELIVERY_LOG_STATUSES, type WebhookNotification } from '../../../contract/webhooks'
import { pageInfo } from '../../api/pagination'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterBar } from '../../components/filters/filter-bar'
import { Time } from '../../components/time/time'
import { DELIVERY_VIEW, deliveryLogParamsFrom, webhookQueries } from './webhook-queries'
import { deliveryState, deliveryStateIcon, deliveryStateWords } from './webhook-words'

const REFERENCE_WORDS: Record<string, string> = {
  tracking_request: 'Tracking request',
  transport_event: 'Transport event',
  estimated_event: 'ETA change',
  container_created_event: 'Container added',
  container_updated_event: 'Container change',
  container_pod_terminal_changed_event: 'Terminal change',
}

function StatusCell({ notification }: { notification: WebhookNotification }) {
  const a = notification.attributes
  const state = deliveryState(a)
  return (
    <>
      <span className={state === 'failed' ? 'status-failed' : undefined}>
        <span aria-hidden="true">{deliveryStateIcon(state)} </span>
        {deliveryStateWords(state)}
      </span>
      {state === 'retrying' && a.next_attempt_at ? (
        <div className="small">
          Next attempt <Time value={a.next_attempt_at} />
        </div>
      ) : null}
      {a.last_error && state !== 'succeeded' ? <div className="small">{a.last_error}</div> : null}
    </>
  )
}

const columns = (showWebhook: boolean): DataColumn<WebhookNotification>[] => [
  {
    id: 'event',
    header: 'Event',
    phone: 'title',
    cell: (n) => (
      <Link to={`/webhooks/notifications/${n.id}`} className="mono">
        {n.attributes.event}
      </Link>
    ),
  },
  {
    id: 'about',
    header: 'About',
    cell: (n) => {
      const reference = n.relationships?.reference_object?.data
      return reference ? (REFERENCE_WORDS[reference.type] ?? reference.type) : '—'
    },
  },
  ...(showWebhook
    ? [
        {
          id: 'webhook',
          header: 'Webhook',
          cell: (n: WebhookNotification) => {
            const webhookId = n.relationships?.webhook?.data?.id
            return webhookId ? <Link to={`/webhooks/${webhookId}`}>Open webhook</Link> : '—'
          },
        },
      ]
    : []),
  { id: 'status', header: 'Status', width: 16, cell: (n) => <StatusCell notification={n} /> },
  { id: 'attempts', header: 'Attempts', cell: (n) => n.attributes.attempts ?? 0 },
  { id: 'code', header: 'Last response', cell: (n) => n.attributes.last_status_code ?? '—' },
  {
    id: 'latency',
    header: 'Latency',
    cell: (n) =>
      n.attributes.last_duration_ms === null || n.attributes.last_duration_ms === undefined
        ? '—'
        : `${n.attributes.last_duration_ms} ms`,
  },
  { id: 'created', header: 'Written', cell: (n) => <Time value={n.attributes.created_at} /> },
]

const STATUS_CHOICES = DELIVERY_LOG_STATUSES.map((status) => ({
  value: status,
  label: deliveryStateWords(status),
}))

export function DeliveriesPage() {
  const { id } = useParams()
  const view = useTableUrlState(DELIVERY_VIEW)
  const params = deliveryLogParamsFrom(view.search, id)
  const query = useQuery(webhookQueries.deliveries(params))
  const events = useQuery(webhookQueries.events())
  const info = query.data ? pageInfo(query.data, params.size) : undefined
  return (
    <section aria-labelledby="deliveries-title">
      <div className="title-bar">
        <h1 id="deliveries-title">{id ? 'Delivery log of one webhook' : 'Delivery log'}</h1>
        {id ? (
          <Link to={`/webhooks/${id}`}>Back to the webhook</Link>
        ) : (
          <Link to="/webhooks">All webhooks</Link>
        )}
      </div>
      <FilterBar
        list={WEBHOOK_NOTIFICATION_LIST}
        values={params.filters}
        supplied={{
          status: STATUS_CHOICES,
          event: (events.data?.data ?? []).flatMap((category) =>
            category.attributes.events.map((e) => ({ value: e.name, label: e.name })),
          ),
        }}
        onApply={view.update}
        inline="search"
        submitLabel="Filter"
      />
      <p className="muted" aria-live="polite">
        {info?.total !== undefined ? `${info.total} notifications` : query.isPending ? 'Loading…' : ''}
      </p>
      <DataTable
        label="Notifications"
        columns={columns(!id)}
        rows={query.data?.data}
        rowId={(n) => n.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: 'No notifications',
          hint:
            params.filters.status || params.filters.event
              ? 'Nothing matches these filters. Choose another status or event kind.'
              : 'Notifications appear here when something a webhook listens for happens.',
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
