import type { Container } from '../../../contract/containers'
import { Time } from '../../components/time/time'
import { holdWords } from './availability'

const money = (amount: number | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(amount)

const DEADLINE_SOURCES = [
  ['pickup_lfd_terminal', 'Terminal'],
  ['pickup_lfd_rail', 'Rail'],
  ['pickup_lfd_line', 'Line'],
] as const

/** Holds, fees, deadlines and the container's particulars. */
export function ContainerFacts({
  container,
  terminalName,
  zone,
}: {
  container: Container
  terminalName?: string | null
  zone?: string | null
}) {
  const a = container.attributes
  const holds = a.holds_at_pod_terminal ?? []
  const fees = (a.fees_at_pod_terminal ?? []).filter((fee) => fee.type !== 'total')
  const total = a.fees_at_pod_terminal?.find((fee) => fee.type === 'total')
  const deadlines = DEADLINE_SOURCES.filter(([key]) => a.import_deadlines?.[key])
  return (
    <div className="facts">
      <section aria-labelledby="holds-title">
        <h2 id="holds-title">Holds</h2>
        {holds.length === 0 ? (
          <p>No holds{a.availability_known ? '' : ' reported yet'}.</p>
        ) : (
          <ul>
            {holds.map((hold) => (
              <li key={`${hold.name}-${hold.description}`}>
                <strong>{holdWords(hold)}</strong>
                {hold.description ? `: ${hold.description}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="deadlines-title">
        <h2 id="deadlines-title">Last free day</h2>
        {deadlines.length === 0 ? (
          <p>
            {a.pickup_lfd ? (
              <Time value={a.pickup_lfd} zone={zone} />
            ) : (
              'Not set yet: it is set when the container is discharged.'
            )}
          </p>
        ) : (
          <dl>
            {deadlines.map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>
                  <Time value={a.import_deadlines?.[key]} zone={zone} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="fees-title">
        <h2 id="fees-title">Fees</h2>
        {fees.length === 0 ? (
          <p>No fees.</p>
        ) : (
          <table aria-labelledby="fees-title">
            <thead>
              <tr>
                <th scope="col">Fee</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {fees.map((fee) => (
                <tr key={fee.type}>
                  <td>{fee.type.replaceAll('_', ' ')}</td>
                  <td>{money(fee.amount, fee.currency_code)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>
                  {money(
                    total?.amount ?? fees.reduce((sum, fee) => sum + (fee.amount ?? 0), 0),
                    fees[0]?.currency_code,
                  )}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
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
          {a.pod_rail_carrier_scac ? (
            <div>
              <dt>Rail</dt>
              <dd>
                {a.pod_rail_carrier_scac}, ETA at ramp{' '}
                <Time value={a.ind_ata_at ?? a.ind_eta_at} zone={a.final_destination_timezone} />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
    </div>
  )
}
