import type { Port } from '../../../contract/ports'
import type { Shipment } from '../../../contract/shipments'
import type { Terminal } from '../../../contract/terminals'
import { etaChange } from '../../components/time/eta-change'
import { Time } from '../../components/time/time'

type Places = {
  pol?: Port
  pod?: Port
  podTerminal?: Terminal
  destination?: Port
  destinationTerminal?: Terminal
}

const placeName = (port: Port | undefined, name?: string | null, locode?: string | null) => {
  const label = port?.attributes.name ?? name ?? locode ?? 'Unknown'
  const code = port?.attributes.code ?? locode
  return code && code !== label ? `${label} (${code})` : label
}

export function RouteStrip({ shipment, places }: { shipment: Shipment; places: Places }) {
  const a = shipment.attributes
  const change = etaChange(shipment)
  return (
    <section aria-labelledby="route-title">
      <h2 id="route-title">Route</h2>
      <ol className="route-strip">
        <li>
          <span className="route-role">Port of lading</span>
          <strong>{placeName(places.pol, a.port_of_lading_name, a.port_of_lading_locode)}</strong>
          <span>
            {a.pol_atd_at ? 'Departed ' : 'Departs (estimated) '}
            <Time value={a.pol_atd_at ?? a.pol_etd_at} zone={a.pol_timezone} />
          </span>
        </li>
        {a.transshipment_locode ? (
          <li>
            <span className="route-role">Transshipment</span>
            <strong>{placeName(undefined, a.transshipment_name, a.transshipment_locode)}</strong>
          </li>
        ) : null}
        <li>
          <span className="route-role">Port of discharge</span>
          <strong>{placeName(places.pod, a.port_of_discharge_name, a.port_of_discharge_locode)}</strong>
          {places.podTerminal?.attributes.name ? <span>{places.podTerminal.attributes.name}</span> : null}
          <span>
            {a.pod_ata_at ? 'Arrived ' : 'Arrives (estimated) '}
            <Time value={a.pod_ata_at ?? a.pod_eta_at} zone={a.pod_timezone} />
          </span>
          {a.pod_original_eta_at ? (
            <span className="muted small">
              Original ETA <Time value={a.pod_original_eta_at} zone={a.pod_timezone} />
              {change ? `, ${change}` : ', unchanged'}
            </span>
          ) : null}
        </li>
        {a.destination_locode || places.destination ? (
          <li>
            <span className="route-role">Destination</span>
            <strong>{placeName(places.destination, a.destination_name, a.destination_locode)}</strong>
            {places.destinationTerminal?.attributes.name ? (
              <span>{places.destinationTerminal.attributes.name}</span>
            ) : null}
            <span>
              {a.destination_ata_at ? 'Arrived ' : 'Arrives (estimated) '}
              <Time value={a.destination_ata_at ?? a.destination_eta_at} zone={a.destination_timezone} />
            </span>
          </li>
        ) : null}
      </ol>
      <p>
        Vessel: <strong>{a.pod_vessel_name ?? 'not known yet'}</strong>
        {a.pod_vessel_imo ? ` · IMO ${a.pod_vessel_imo}` : ''}
        {a.pod_voyage_number ? ` · Voyage ${a.pod_voyage_number}` : ''}
      </p>
    </section>
  )
}
