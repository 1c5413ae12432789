import { useParams } from 'react-router-dom'
import { ContainerSchema } from '../../../contract/containers'
import { PartySchema } from '../../../contract/parties'
import { PortSchema } from '../../../contract/ports'
import { TerminalSchema } from '../../../contract/terminals'
import { useRecord } from '../../api/use-record'
import { RecordPanels } from '../../components/record-panels/record-panels'
import { LazyRouteMiniMap } from '../../components/route-map/lazy-route-mini-map'
import { LineTracking } from './line-tracking'
import { RouteStrip } from './route-strip'
import { ShipmentContainers } from './shipment-containers'
import { shipmentQueries } from './shipment-queries'

export function ShipmentPage() {
  const { id = '' } = useParams()
  const loaded = useRecord(shipmentQueries.detail(id))
  if (!loaded) return <p aria-busy="true">Loading shipment…</p>
  const { record: shipment, graph } = loaded
  const a = shipment.attributes
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
      <RecordPanels kind="shipment" id={shipment.id} zone={a.pod_timezone} />
      <LineTracking shipment={shipment} />
    </article>
  )
}
