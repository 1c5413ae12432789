import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { ShipmentSchema } from '../../../contract/shipments'
import { TerminalSchema } from '../../../contract/terminals'
import { createIncludeGraph } from '../../api/include-graph'
import { statusWords } from '../../components/status/container-status'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { LocalDate, Time } from '../../components/time/time'
import { availabilityAnswer } from './availability'
import { ContainerFacts } from './container-facts'
import { containerQueries } from './container-queries'
import { ContainerTimeline } from './container-timeline'
import { RailLeg } from './rail-leg'

const TONE_SIGN = { good: '✔', bad: '✖', info: 'ℹ' } as const

export function ContainerPage() {
  const { id = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  const { data, error, isPending } = useQuery(containerQueries.detail(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading container…</p>

  const container = data.data
  const a = container.attributes
  const graph = createIncludeGraph(data)
  const shipment = graph.one(container, 'shipment', ShipmentSchema)
  const terminal = graph.one(container, 'pod_terminal', TerminalSchema)
  const zone = a.pod_timezone ?? shipment?.attributes.pod_timezone
  const answer = availabilityAnswer(container, {
    terminalName: terminal?.attributes.name,
    vesselName: shipment?.attributes.pod_vessel_name,
    eta: shipment?.attributes.pod_eta_at,
  })
  const showRaw = search.get('events') === 'carrier'

  return (
    <article aria-labelledby="container-title">
      <h1 id="container-title">
        Container <span className="mono">{a.number}</span>
      </h1>
      <p className="muted">
        {statusWords(a.current_status)}
        {shipment ? (
          <>
            {' · '}
            <Link to={`/shipments/${shipment.id}`}>
              B/L {shipment.attributes.bill_of_lading_number ?? shipment.attributes.normalized_number}
            </Link>
            {shipment.attributes.shipping_line_name ? ` · ${shipment.attributes.shipping_line_name}` : ''}
          </>
        ) : null}
      </p>
      <section className={`answer answer-${answer.tone}`} aria-label="Availability">
        <p className="answer-headline">
          <span aria-hidden="true">{TONE_SIGN[answer.tone]} </span>
          {answer.headline}
          {answer.tone === 'good' && answer.lfd ? (
            <>
              {' until '}
              <LocalDate value={answer.lfd} zone={zone} />
            </>
          ) : null}
          {answer.at ? (
            <>
              {answer.headline.startsWith('On vessel') ? ', ETA ' : ' '}
              <Time value={answer.at} zone={zone} />
            </>
          ) : null}
        </p>
        {answer.lfd ? (
          <p className="lfd">
            <LfdCountdown lfd={answer.lfd} zone={zone} variant="long" />
          </p>
        ) : null}
      </section>
      <ContainerFacts container={container} terminalName={terminal?.attributes.name} zone={zone} />
      <RailLeg container={container} podZone={zone} />
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <fieldset className="toggle">
          <legend className="visually-hidden">Events to show</legend>
          <button type="button" aria-pressed={!showRaw} onClick={() => setSearch({}, { replace: true })}>
            Milestones
          </button>
          <button
            type="button"
            aria-pressed={showRaw}
            onClick={() => setSearch({ events: 'carrier' }, { replace: true })}
          >
            Carrier's own events
          </button>
        </fieldset>
        <ContainerTimeline containerId={container.id} document={data} showRaw={showRaw} />
      </section>
    </article>
  )
}
