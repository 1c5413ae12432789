import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useParams } from 'react-router-dom'
import { ContainerSchema } from '../../../contract/containers'
import { PartySchema } from '../../../contract/parties'
import { PortSchema } from '../../../contract/ports'
import { TerminalSchema } from '../../../contract/terminals'
import { createIncludeGraph } from '../../api/include-graph'
import { LazyRouteMiniMap } from '../../components/route-map/lazy-route-mini-map'
import { viewerZone } from '../../components/time/time-zone-setting'
import { LineTracking } from './line-tracking'
import { RouteStrip } from './route-strip'
import { ShipmentContainers } from './shipment-containers'
import { shipmentQueries } from './shipment-queries'

// the documents list loads after the page's own code (its data is prefetched with the page's)
const LinkedDocuments = lazy(async () => ({
  default: (await import('../../components/documents/linked-documents')).LinkedDocuments,
}))
// the history loads after the page's own code (its data is prefetched with the page's)
const ChangeHistory = lazy(async () => ({
  default: (await import('../../components/history/change-history')).ChangeHistory,
}))
// the Fields panel loads after the page's own code, keeping the page within its budget
const FieldsPanel = lazy(async () => ({
  default: (await import('../../components/custom-fields/fields-panel')).FieldsPanel,
}))

export function ShipmentPage() {
  const { id = '' } = useParams()
  const { data, error, isPending } = useQuery(shipmentQueries.detail(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading shipment…</p>

  const shipment = data.data
  const a = shipment.attributes
  const graph = createIncludeGraph(data)
  const customer = graph.one(shipment, 'customer', PartySchema)
  const containers = graph.many(shipment, 'containers', ContainerSchema)
  return (
    <article aria-labelledby="shipment-title">
      <h1 id="shipment-title">
        Bill of lading <span className="mono">{a.bill_of_lading_number ?? a.normalized_number}</span>
      </h1>
      <dl className="header-facts">
        <div>
          <dt>Carrier</dt>
          <dd>
            {a.shipping_line_name ?? 'Unknown'}
            {a.shipping_line_scac ? ` (${a.shipping_line_scac})` : ''}
          </dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{customer?.attributes.company_name ?? a.customer_name ?? '—'}</dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>
            {(a.tags ?? []).length === 0 ? (
              '—'
            ) : (
              <ul className="tags">
                {a.tags?.map((tag) => (
                  <li key={tag} className="badge">
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Reference numbers</dt>
          <dd className="mono">{(a.ref_numbers ?? []).join(', ') || '—'}</dd>
        </div>
      </dl>
      <RouteStrip
        shipment={shipment}
        places={{
          pol: graph.one(shipment, 'port_of_lading', PortSchema),
          pod: graph.one(shipment, 'port_of_discharge', PortSchema),
          podTerminal: graph.one(shipment, 'pod_terminal', TerminalSchema),
          destination: graph.one(shipment, 'destination', PortSchema),
          destinationTerminal: graph.one(shipment, 'destination_terminal', TerminalSchema),
        }}
      />
      {containers[0] ? <LazyRouteMiniMap containerId={containers[0].id} /> : null}
      <ShipmentContainers containers={containers} zone={a.pod_timezone} />
      <Suspense fallback={<p aria-busy="true">Loading fields…</p>}>
        <FieldsPanel
          entity={{ path: 'shipments', definitionType: 'Shipment' }}
          id={shipment.id}
          zone={a.pod_timezone ?? viewerZone()}
        />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading documents…</p>}>
        <LinkedDocuments kind="shipment" id={shipment.id} />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading history…</p>}>
        <ChangeHistory kind="shipment" id={shipment.id} zone={a.pod_timezone} />
      </Suspense>
      <LineTracking shipment={shipment} />
    </article>
  )
}
