import './webhooks.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Webhook, WebhookHealth } from '../../../contract/webhooks'
import { useWriteAccess } from '../../components/access/write-access'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { webhookQueries } from './webhook-queries'
import { categoriesOf, percentWords } from './webhook-words'

type Row = { webhook: Webhook; health?: WebhookHealth['attributes']; categories: string[] }

function HealthCell({ health, webhookId }: { health?: Row['health']; webhookId: string }) {
  if (!health) return <span className="muted">—</span>
  return (
    <>
      <div>
        {health.attempts_24h} attempts in 24 h · {percentWords(health.success_rate_24h)} succeeded
      </div>
      {health.retrying ? (
        <div className="small">
          <Link to={`/webhooks/${webhookId}/deliveries?status=retrying`}>
            {health.retrying} to be retried
          </Link>
        </div>
      ) : null}
      {health.last_failure_at ? (
        <div className="small">
          Last failure <Time value={health.last_failure_at} />: {health.last_failure_reason ?? 'unknown'}
        </div>
      ) : (
        <div className="small muted">No failures</div>
      )}
    </>
  )
}

const COLUMNS: DataColumn<Row>[] = [
  {
    id: 'url',
    header: 'URL',
    phone: 'title',
    width: 22,
    cell: ({ webhook }) => (
      <Link to={`/webhooks/${webhook.id}`} className="mono">
        {webhook.attributes.url}
      </Link>
    ),
  },
  {
    id: 'events',
    header: 'Events',
    cell: ({ webhook, categories }) => (
      <>
        <div>
          {webhook.attributes.events?.length ?? 0} event
          {webhook.attributes.events?.length === 1 ? '' : 's'}
        </div>
        <div className="small muted">{categories.join(', ')}</div>
      </>
    ),
  },
  {
    id: 'active',
    header: 'Active',
    cell: ({ webhook }) =>
      webhook.attributes.active ? (
        <span>✔ On</span>
      ) : (
        <span className="status-failed">
          {webhook.attributes.disabled_at ? '✖ Turned off by Quayside' : '✖ Off'}
        </span>
      ),
  },
  { id: 'headers', header: 'Headers', cell: ({ webhook }) => webhook.attributes.headers?.length ?? 0 },
  {
    id: 'health',
    header: 'Health',
    width: 20,
    cell: ({ health, webhook }) => <HealthCell health={health} webhookId={webhook.id} />,
  },
]

export function WebhooksPage() {
  const { canWrite, reason } = useWriteAccess('admin')
  const list = useQuery(webhookQueries.list())
  const health = useQuery(webhookQueries.health())
  const events = useQuery(webhookQueries.events())
  const byId = new Map(health.data?.data.map((h) => [h.id, h.attributes]))
  const rows = list.data?.data.map((webhook) => ({
    webhook,
    health: byId.get(webhook.id),
    categories: categoriesOf(webhook.attributes.events ?? [], events.data?.data ?? []),
  }))
  const disabled = list.data?.data.filter((w) => w.attributes.disabled_at && !w.attributes.active) ?? []
  return (
    <section aria-labelledby="webhooks-title">
      <div className="title-bar">
        <h1 id="webhooks-title">Webhooks</h1>
        <div className="form-actions">
          <Link to="/webhooks/deliveries">Delivery log</Link>
          {canWrite ? (
            <Link className="button" to="/webhooks/new">
              Add a webhook
            </Link>
          ) : null}
        </div>
      </div>
      {canWrite ? null : (
        <p className="read-only-notice" role="note">
          Adding, editing, testing and redelivering webhooks is not available: {reason}. You can still read
          the webhooks and their delivery logs.
        </p>
      )}
      {disabled.map((webhook) => (
        <div key={webhook.id} className="answer answer-bad" role="status">
          <p className="answer-headline">
            <span aria-hidden="true">⚠ </span>webhook.disabled:{' '}
            <span className="mono">{webhook.attributes.url}</span>
          </p>
          <p>
            {webhook.attributes.disabled_reason} (<Time value={webhook.attributes.disabled_at} />
            ). Turning it on again resends nothing unless you ask.{' '}
            <Link to={`/webhooks/${webhook.id}`}>Open it</Link>
          </p>
        </div>
      ))}
      <DataTable
        label="Webhooks"
        columns={COLUMNS}
        rows={rows}
        rowId={(row) => row.webhook.id}
        busy={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{
          title: 'No webhooks yet',
          hint: 'A webhook sends your systems a signed notification when something changes in a shipment or container.',
        }}
      />
    </section>
  )
}
