import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { TRACKING_REQUEST_LIST } from '../../../contract/tracking-request-list-query'
import type { TrackingRequest } from '../../../contract/tracking-requests'
import { pageInfo } from '../../api/pagination'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterBar } from '../../components/filters/filter-bar'
import { Time } from '../../components/time/time'
import { REQUEST_VIEW, requestListParamsFrom, trackingRequestQueries } from './tracking-request-queries'
import {
  failedReasonWords,
  REQUEST_STATUS_OPTIONS,
  requestStatusWords,
  requestTypeWords,
} from './tracking-request-words'

const COLUMNS: DataColumn<TrackingRequest>[] = [
  {
    id: 'number',
    header: 'Number',
    phone: 'title',
    cell: (request) => (
      <Link to={`/tracking-requests/${request.id}`} className="mono">
        {request.attributes.request_number ?? request.id}
      </Link>
    ),
  },
  { id: 'type', header: 'Type', cell: (request) => requestTypeWords(request.attributes.request_type) },
  { id: 'carrier', header: 'Carrier', cell: (request) => request.attributes.scac ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: (request) => {
      const a = request.attributes
      const shipmentId = request.relationships?.tracked_object?.data?.id
      return (
        <>
          <span className={`status status-${a.status}`}>{requestStatusWords(a.status)}</span>
          {a.status === 'failed' ? <div className="small">{failedReasonWords(a.failed_reason)}</div> : null}
          {shipmentId ? (
            <div className="small">
              <Link to={`/shipments/${shipmentId}`}>Open shipment</Link>
            </div>
          ) : null}
        </>
      )
    },
  },
  { id: 'requested', header: 'Requested', cell: (request) => <Time value={request.attributes.created_at} /> },
]

const STATUS_CHOICES = REQUEST_STATUS_OPTIONS.map((status) => ({
  value: status,
  label: requestStatusWords(status),
}))

export function TrackingRequestsPage() {
  const view = useTableUrlState(REQUEST_VIEW)
  const params = requestListParamsFrom(view.search)
  const query = useQuery(trackingRequestQueries.list(params))
  const info = query.data ? pageInfo(query.data, params.size) : undefined

  return (
    <section aria-labelledby="requests-title">
      <div className="title-bar">
        <h1 id="requests-title">Tracking requests</h1>
        <Link className="button" to="/tracking-requests/new">
          Track a shipment
        </Link>
      </div>
      <FilterBar
        list={TRACKING_REQUEST_LIST}
        values={params.filters}
        supplied={{ status: STATUS_CHOICES }}
        onApply={view.update}
        inline="search"
      />
      <p className="muted" aria-live="polite">
        {info?.total !== undefined ? `${info.total} tracking requests` : query.isPending ? 'Loading…' : ''}
      </p>
      <DataTable
        label="Tracking requests"
        columns={COLUMNS}
        rows={query.data?.data}
        rowId={(request) => request.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: 'No tracking requests found',
          hint:
            params.filters.q || params.filters.status
              ? 'Nothing matches. Check the number, or choose another status.'
              : 'Track a shipment by its bill of lading, booking or container number.',
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
