import type { Container } from '../../../contract/containers'
import { Time } from '../../components/time/time'

export function ContainerDetails(props: {
  a: Container['attributes']
  terminalName?: string | null
  zone?: string | null
}) {
  const { a, terminalName, zone } = props
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <dl>
        <div>
          <dt>Terminal</dt>
          <dd>{terminalName ?? '—'}</dd>
        </div>
        <div>
          <dt>Location at terminal</dt>
          <dd>{a.location_at_pod_terminal ?? '—'}</dd>
        </div>
        <div>
          <dt>Pickup appointment</dt>
          <dd>
            <Time value={a.pickup_appointment_at} zone={zone} fallback="None" />
          </dd>
        </div>
        <div>
          <dt>Chassis</dt>
          <dd>{a.pod_full_out_chassis_number ?? '—'}</dd>
        </div>
        <div>
          <dt>Equipment</dt>
          <dd>
            {[
              a.equipment_length && `${a.equipment_length}′`,
              a.equipment_type,
              a.equipment_height?.replace('_', ' '),
            ]
              .filter(Boolean)
              .join(' ') || '—'}
          </dd>
        </div>
        <div>
          <dt>Weight</dt>
          <dd>{a.weight_in_lbs ? `${new Intl.NumberFormat('en-US').format(a.weight_in_lbs)} lb` : '—'}</dd>
        </div>
        <div>
          <dt>Seal</dt>
          <dd>{a.seal_number ?? '—'}</dd>
        </div>
      </dl>
    </section>
  )
}
