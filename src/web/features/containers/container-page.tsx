import { Link, useParams } from 'react-router-dom'
import { PartySchema } from '../../../contract/parties'
import { ShipmentSchema } from '../../../contract/shipments'
import { TerminalSchema } from '../../../contract/terminals'
import { useRecord } from '../../api/use-record'
import { RecordPanels } from '../../components/record-panels/record-panels'
import { LazyRouteMiniMap } from '../../components/route-map/lazy-route-mini-map'
import { containerState } from '../../components/status/container-state'
import { projectDemurrage } from '../../components/status/demurrage-projection'
import { viewerZone } from '../../components/time/time-zone-setting'
import { AppointmentsPanel } from './appointments-panel'
import { AvailabilityBanner } from './availability-banner'
import { ContainerDetention } from './container-detention'
import { ContainerFacts } from './container-facts'
import { containerQueries } from './container-queries'
import { ContainerTimelineSection } from './container-timeline-section'
import { RailLeg } from './rail-leg'

export function ContainerPage() {
  const { id = '' } = useParams()
  const loaded = useRecord(containerQueries.detail(id))
  if (!loaded) return <p aria-busy="true">Loading container…</p>
  const { record: container, graph, document } = loaded
  const a = container.attributes
  const shipment = graph.one(container, 'shipment', ShipmentSchema)
  const terminal = graph.one(container, 'pod_terminal', TerminalSchema)
  const trucker = graph.one(container, 'trucker', PartySchema)
  const zone = a.pod_timezone ?? shipment?.attributes.pod_timezone
  const state = containerState(a, {
    terminalName: terminal?.attributes.name,
    vesselName: shipment?.attributes.pod_vessel_name,
    eta: shipment?.attributes.pod_eta_at,
    zone,
  })
  const projection = projectDemurrage(a, state.countdown, terminal?.attributes.demurrage_tariff)

  return (
    <article aria-labelledby="container-title">
      <h1 id="container-title">
        Container <span className="mono">{a.number}</span>
      </h1>
      <p className="muted">
        {state.label}
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
      <AvailabilityBanner state={state} lfd={a.pickup_lfd} projection={projection} />
      <ContainerDetention a={a} />
      <ContainerFacts
        container={container}
        state={state}
        terminalName={terminal?.attributes.name}
        zone={zone}
      />
      <AppointmentsPanel
        container={container}
        zone={zone ?? viewerZone()}
        truckerId={trucker?.id ?? ''}
        truckerName={trucker?.attributes.company_name ?? undefined}
      />
      <RailLeg container={container} podZone={zone} />
      <LazyRouteMiniMap containerId={container.id} />
      <RecordPanels kind="container" id={container.id} zone={zone} />
      <ContainerTimelineSection document={document} shipment={shipment} />
    </article>
  )
}
