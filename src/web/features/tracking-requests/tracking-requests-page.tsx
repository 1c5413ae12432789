import { useQuery } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { pageInfo } from '../../api/pagination'
import { Time } from '../../components/time/time'
import { requestListParamsFrom, trackingRequestQueries } from './tracking-request-queries'
import {
  failedReasonWords,
  REQUEST_STATUS_OPTIONS,
  requestStatusWords,
  requestTypeWords,
} from './tracking-request-words'

export function TrackingRequestsPage() {
  const [search, setSearch] = useSearchParams()
  const params = requestListParamsFrom(search)
  const { data, error, isPending } = useQuery(trackingRequestQueries.list(params))
  if (error) throw error
  const info = data ? pageInfo(data, params.size) : undefined

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearch(next)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    update({
      q: String(form.get('q') ?? '').trim() || undefined,
      status: String(form.get('status') ?? '') || undefined,
      page: undefined,
    })
  }

  return (
    <section aria-labelledby="requests-title">
      <div className="title-bar">
        <h1 id="requests-title">Tracking requests</h1>
        <Link className="button" to="/tracking-requests/new">
          Track a shipment
        </Link>
      </div>
      <search>
        <form className="toolbar" onSubmit={submit} key={`${params.q}|${params.status}`}>
          <label htmlFor="request-search">Search requests</label>
          <input id="request-search" name="q" type="search" defaultValue={params.q} placeholder="Number" />
          <label htmlFor="request-status">Status</label>
          <select id="request-status" name="status" defaultValue={params.status ?? ''}>
            <option value="">Any status</option>
            {REQUEST_STATUS_OPTIONS.map((status) => (
              <option key={status} value={status}>
                {requestStatusWords(status)}
              </option>
            ))}
          </select>
          <button type="submit">Search</button>
        </form>
      </search>
      <p className="muted" aria-live="polite">
        {info?.total !== undefined ? `${info.total} tracking requests` : isPending ? 'Loading…' : ''}
      </p>
      <div className="table-wrap">
        <table aria-label="Tracking requests" aria-busy={isPending}>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Type</th>
              <th scope="col">Carrier</th>
              <th scope="col">Status</th>
              <th scope="col">Requested</th>
            </tr>
          </thead>
          <tbody>
            {data?.data.map((request) => {
              const a = request.attributes
              const shipmentId = request.relationships?.tracked_object?.data?.id
              return (
                <tr key={request.id}>
                  <td>
                    <Link to={`/tracking-requests/${request.id}`} className="mono">
                      {a.request_number ?? request.id}
                    </Link>
                  </td>
                  <td>{requestTypeWords(a.request_type)}</td>
                  <td>{a.scac ?? '—'}</td>
                  <td>
                    <span className={`status status-${a.status}`}>{requestStatusWords(a.status)}</span>
                    {a.status === 'failed' ? (
                      <div className="small">{failedReasonWords(a.failed_reason)}</div>
                    ) : null}
                    {shipmentId ? (
                      <div className="small">
                        <Link to={`/shipments/${shipmentId}`}>Open shipment</Link>
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <Time value={a.created_at} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {data && data.data.length === 0 ? (
        <div className="empty-state">
          <h2>No tracking requests found</h2>
          <p>
            {params.q || params.status
              ? 'Nothing matches. Check the number, or choose another status.'
              : 'Track a shipment by its bill of lading, booking or container number.'}
          </p>
        </div>
      ) : null}
      {info && info.last > 1 ? (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            disabled={!info.hasPrev}
            onClick={() => update({ page: String(info.current - 1) })}
          >
            Previous
          </button>
          <span>
            Page {info.current} of {info.last}
          </span>
          <button
            type="button"
            disabled={!info.hasNext}
            onClick={() => update({ page: String(info.current + 1) })}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  )
}
