import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { ShipmentSchema } from '../../../contract/shipments'
import { createIncludeGraph } from '../../api/include-graph'
import { Time } from '../../components/time/time'
import { trackingRequestQueries } from './tracking-request-queries'
import { failedReasonWords, isSettled, requestStatusWords, requestTypeWords } from './tracking-request-words'

const STEPS = ['pending', 'awaiting_manifest', 'created'] as const

const EXPLANATIONS: Record<string, string> = {
  pending: 'Quayside is asking the carrier about this number. This usually takes a few moments.',
  awaiting_manifest:
    'The carrier knows the number but has not published the shipment yet. This is normal before the vessel is loaded; Quayside checks again regularly and will start tracking as soon as it appears.',
}

/** Checked with growing pauses until it becomes a shipment or fails. */
export function TrackingRequestPage() {
  const { id = '' } = useParams()
  const { data, error, isPending, isFetching } = useQuery(trackingRequestQueries.detail(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading tracking request…</p>

  const request = data.data
  const a = request.attributes
  const graph = createIncludeGraph(data)
  const shipmentId = request.relationships?.tracked_object?.data?.id
  const shipment = graph.one(request, 'tracked_object', ShipmentSchema)
  const step = STEPS.indexOf(a.status as (typeof STEPS)[number])
  return (
    <article aria-labelledby="request-title">
      <h1 id="request-title">
        Tracking <span className="mono">{a.request_number}</span>
      </h1>
      <p className="muted">
        {requestTypeWords(a.request_type)} · {a.scac} · requested <Time value={a.created_at} />
      </p>
      <section
        aria-label="Progress"
        className={`answer answer-${a.status === 'failed' ? 'bad' : a.status === 'created' ? 'good' : 'info'}`}
      >
        <p className="answer-headline" aria-live="polite">
          <span aria-hidden="true">
            {a.status === 'failed' ? '✖ ' : a.status === 'created' ? '✔ ' : '⏳ '}
          </span>
          {requestStatusWords(a.status)}
        </p>
        {a.status === 'failed' ? <p>{failedReasonWords(a.failed_reason)}</p> : null}
        {EXPLANATIONS[a.status ?? ''] ? <p>{EXPLANATIONS[a.status ?? '']}</p> : null}
        {step >= 0 ? (
          <progress
            aria-label="Steps done"
            max={STEPS.length - 1}
            value={a.status === 'created' ? 2 : step}
          />
        ) : null}
        {!isSettled(a.status) ? (
          <p className="muted small">
            {isFetching ? 'Checking now…' : 'Checking again shortly.'}
            {a.retry_count ? ` Tried ${a.retry_count} time${a.retry_count === 1 ? '' : 's'}.` : ''}
          </p>
        ) : null}
        {shipmentId ? (
          <p>
            <Link to={`/shipments/${shipmentId}`}>
              Open the shipment
              {shipment?.attributes.bill_of_lading_number
                ? ` ${shipment.attributes.bill_of_lading_number}`
                : ''}
            </Link>
          </p>
        ) : null}
      </section>
      <dl>
        <div>
          <dt>Reference numbers</dt>
          <dd>{(a.ref_numbers ?? []).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>{(a.shipment_tags ?? a.tags ?? []).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>
            <Time value={a.updated_at} />
          </dd>
        </div>
      </dl>
      <p>
        <Link to="/tracking-requests">All tracking requests</Link>
      </p>
    </article>
  )
}
