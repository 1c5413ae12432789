import '../../components/alerts/alert-bell.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Alert } from '../../../contract/alerts'
import { pageInfo } from '../../api/pagination'
import {
  alertDestination,
  alertInboxApi,
  alertInboxQueries,
} from '../../components/alerts/alert-inbox-queries'
import { useOpenAlert } from '../../components/alerts/use-open-alert'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { useShownChoice } from '../../components/filters/use-shown-choice'
import { Time } from '../../components/time/time'

const VIEW = { sortFields: [], filters: ['unread'] } as const

function columns(open: (alert: Alert) => void): DataColumn<Alert>[] {
  return [
    {
      id: 'title',
      header: 'Alert',
      phone: 'title',
      width: 24,
      cell: (alert) => (
        <Link
          to={alertDestination(alert)}
          onClick={() => open(alert)}
          className={alert.attributes.read_at ? '' : 'alert-unread'}
        >
          {alert.attributes.read_at ? null : <span className="badge alert-new">New</span>}
          <span className="alert-title">{alert.attributes.title}</span>
        </Link>
      ),
    },
    { id: 'body', header: 'What it means', width: 22, cell: (alert) => alert.attributes.body ?? '' },
    {
      id: 'container',
      header: 'Container',
      cell: (alert) => <span className="mono">{alert.attributes.container_number ?? '—'}</span>,
    },
    { id: 'customer', header: 'Customer', cell: (alert) => alert.attributes.customer_name ?? '—' },
    { id: 'rule', header: 'Rule', cell: (alert) => alert.attributes.rule_name ?? '—' },
    {
      id: 'fired',
      header: 'When',
      cell: (alert) => <Time value={alert.attributes.fired_at} zone={alert.attributes.time_zone} />,
    },
  ]
}

export function AlertsPage() {
  const view = useTableUrlState(VIEW)
  const unread = view.filters.unread === 'true'
  const [shownUnread, showUnread] = useShownChoice(unread)
  const params = { unread, page: view.page, size: view.size }
  const query = useQuery(alertInboxQueries.list(params))
  const queryClient = useQueryClient()
  const open = useOpenAlert()
  const readAll = useMutation({
    mutationFn: () => alertInboxApi.readAll(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertInboxQueries.all() }),
  })
  const info = query.data ? pageInfo(query.data, params.size) : undefined
  const count = query.data?.meta?.unread_count
  return (
    <section aria-labelledby="alerts-title">
      <div className="title-bar">
        <h1 id="alerts-title">Alerts</h1>
        <div className="form-actions">
          <Link to="/settings/alerts">Alert rules</Link>
          <button
            type="button"
            className="secondary"
            disabled={!count || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            Mark all read
          </button>
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={shownUnread}
          onChange={(event) => {
            showUnread(event.target.checked)
            view.setFilters({ unread: event.target.checked ? 'true' : undefined })
          }}
        />
        Only unread
      </label>
      <p className="muted" aria-live="polite">
        {count !== undefined ? `${count} unread` : query.isPending ? 'Loading…' : ''}
      </p>
      <DataTable
        label="Alerts"
        columns={columns(open)}
        rows={query.data?.data}
        rowId={(alert) => alert.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: unread ? 'No unread alerts' : 'No alerts yet',
          hint: (
            <>
              An alert appears here when a rule's condition becomes true.{' '}
              <Link to="/settings/alerts">Alert rules</Link> say what to watch.
            </>
          ),
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
