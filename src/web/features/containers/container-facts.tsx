import { lfdDaysLeft } from '../../../contract/container-board'
import { holdWords } from '../../../contract/container-state'
import type { Container } from '../../../contract/containers'
import type { ContainerState } from '../../components/status/container-state'
import { money } from '../../components/status/fees'
import { LocalDate, Time } from '../../components/time/time'
import { LfdSources } from './lfd-sources-table'

/** The last free day that counts, every source beside it with when it was checked, and why that one counts. */
function LastFreeDay({ container, state }: { container: Container; state: ContainerState }) {
  const a = container.attributes
  const now = new Date()
  return (
    <section aria-labelledby="deadlines-title">
      <h2 id="deadlines-title">Last free day</h2>
      {!a.pickup_lfd ? (
        <p>
          {a.pod_discharged_at
            ? 'Not known yet: the terminal has not published it for this container.'
            : 'Not set yet: the terminal sets it once the container is discharged.'}
        </p>
      ) : state.countdown ? null : (
        <p>
          {(lfdDaysLeft(a, now) ?? 0) < 0 ? 'It was ' : 'It is '}
          <LocalDate value={a.pickup_lfd} zone={state.lfdZone} />.
        </p>
      )}
      <LfdSources a={a} zone={state.lfdZone} now={now} />
    </section>
  )
}

const FEE_WORDS: Record<string, string> = {
  demurrage: 'Demurrage',
  exam: 'Exam',
  extended_dwell_time: 'Extended dwell time',
  other: 'Other',
}

/** Holds, fees, deadlines and the container's particulars. */
export function ContainerFacts({
  container,
  state,
  terminalName,
  zone,
}: {
  container: Container
  state: ContainerState
  terminalName?: string | null
  zone?: string | null
}) {
  const a = container.attributes
  const holds = a.holds_at_pod_terminal ?? []
  const fees = (a.fees_at_pod_terminal ?? []).filter((fee) => fee.type !== 'total')
  const total = a.fees_at_pod_terminal?.find((fee) => fee.type === 'total')
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
      <LastFreeDay container={container} state={state} />
      <section aria-labelledby="fees-title">
        <h2 id="fees-title">Fees</h2>
        {fees.length === 0 ? (
          <p>No fees.</p>
        ) : (
          <table aria-labelledby="fees-title">
            <thead>
              <tr>
                <th scope="col">Fee</th>
                <th scope="col">Currency</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {fees.map((fee) => (
                <tr key={fee.type}>
                  <td>{FEE_WORDS[fee.type] ?? fee.type.replaceAll('_', ' ')}</td>
                  <td>{fee.currency_code ?? 'USD'}</td>
                  <td className="number">{money(fee.amount, fee.currency_code)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{total?.currency_code ?? fees[0]?.currency_code ?? 'USD'}</td>
                <td className="number">
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
        </dl>
      </section>
    </div>
  )
}
