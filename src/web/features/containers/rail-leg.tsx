import type { Container } from '../../../contract/containers'
import { formatCalendarDate } from '../../components/time/format-time'
import { Time } from '../../components/time/time'

export function RailLeg({ container, podZone }: { container: Container; podZone?: string | null }) {
  const a = container.attributes
  const carrier = a.pod_rail_carrier_scac ?? a.ind_rail_carrier_scac
  if (!carrier && !a.pod_rail_loaded_at && !a.ind_eta_at) return null
  const inlandZone = a.final_destination_timezone
  return (
    <section aria-labelledby="rail-title">
      <h2 id="rail-title">Rail</h2>
      <dl>
        <div>
          <dt>Railroad</dt>
          <dd>{carrier ?? '—'}</dd>
        </div>
        <div>
          <dt>Loaded on rail</dt>
          <dd>
            <Time value={a.pod_rail_loaded_at} zone={podZone} fallback="Not yet" />
          </dd>
        </div>
        <div>
          <dt>Departed the port</dt>
          <dd>
            <Time value={a.pod_rail_departed_at} zone={podZone} fallback="Not yet" />
          </dd>
        </div>
        <div>
          <dt>{a.ind_ata_at ? 'Arrived at the ramp' : 'Expected at the ramp'}</dt>
          <dd>
            <Time value={a.ind_ata_at ?? a.ind_eta_at} zone={inlandZone} fallback="Not known" />
          </dd>
        </div>
        <div>
          <dt>Unloaded at the ramp</dt>
          <dd>
            <Time value={a.ind_rail_unloaded_at} zone={inlandZone} fallback="Not yet" />
          </dd>
        </div>
        {a.ind_facility_lfd_on ? (
          <div>
            <dt>Last free day at the ramp</dt>
            <dd>{formatCalendarDate(a.ind_facility_lfd_on)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}
