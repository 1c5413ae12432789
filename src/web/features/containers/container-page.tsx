import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link, useParams } from 'react-router-dom'
import { PartySchema } from '../../../contract/parties'
import { ShipmentSchema } from '../../../contract/shipments'
import { TerminalSchema } from '../../../contract/terminals'
import { createIncludeGraph } from '../../api/include-graph'
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

// the documents list loads after the page's own code (its data is prefetched with the page's)
const LinkedDocuments = lazy(async () => ({
  default: (await import('../../components/documents/linked-documents')).LinkedDocuments,
}))
// keeping the page within its budget
// the history loads after the page's own code (its data is prefetched with the page's)
const ChangeHistory = lazy(async () => ({
  default: (await import('../../components/history/change-history')).ChangeHistory,
}))
const FieldsPanel = lazy(async () => ({
  default: (await import('../../components/custom-fields/fields-panel')).FieldsPanel,
}))

export function ContainerPage() {
  const { id = '' } = useParams()
  const { data, error, isPending } = useQuery(containerQueries.detail(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading container…</p>

  const container = data.data
  const a = container.attributes
  const graph = createIncludeGraph(data)
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
      <Suspense fallback={<p aria-busy="true">Loading fields…</p>}>
        <FieldsPanel
          entity={{ path: 'containers', definitionType: 'Container' }}
          id={container.id}
          zone={zone ?? viewerZone()}
        />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading documents…</p>}>
        <LinkedDocuments kind="container" id={container.id} />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading history…</p>}>
        <ChangeHistory kind="container" id={container.id} zone={zone} />
      </Suspense>
      <ContainerTimelineSection document={data} shipment={shipment} />
    </article>
  )
}
