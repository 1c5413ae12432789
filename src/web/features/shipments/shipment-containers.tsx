import { Link } from 'react-router-dom'
import { holdsLine } from '../../../contract/container-state'
import type { Container } from '../../../contract/containers'
import { containerState } from '../../components/status/container-state'
import { feeTotal, money } from '../../components/status/fees'
import { StateBadge } from '../../components/status/state-badge'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { LocalDate } from '../../components/time/time'

const equipment = (c: Container) =>
  [
    c.attributes.equipment_length && `${c.attributes.equipment_length}′`,
    c.attributes.equipment_type,
    c.attributes.equipment_height?.replace('_', ' '),
  ]
    .filter(Boolean)
    .join(' ') || '—'

export function ShipmentContainers({ containers, zone }: { containers: Container[]; zone?: string | null }) {
  return (
    <section aria-labelledby="containers-title">
      <h2 id="containers-title">Containers</h2>
      {containers.length === 0 ? (
        <p>No containers yet: the carrier lists them once the booking is confirmed.</p>
      ) : (
        <div className="table-wrap">
          <table aria-labelledby="containers-title">
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Equipment</th>
                <th scope="col">Status</th>
                <th scope="col">Last free day</th>
                <th scope="col">Holds</th>
                <th scope="col">Fees</th>
                <th scope="col">Available</th>
              </tr>
            </thead>
            <tbody>
              {containers.map((container) => {
                const a = container.attributes
                const fees = feeTotal(container)
                const state = containerState(a, { zone })
                return (
                  <tr key={container.id}>
                    <td>
                      <Link to={`/containers/${container.id}`} className="mono">
                        {a.number}
                      </Link>
                    </td>
                    <td>{equipment(container)}</td>
                    <td>
                      <StateBadge state={state} />
                    </td>
                    <td>
                      {state.countdown ? (
                        <LfdCountdown lfd={a.pickup_lfd} zone={state.lfdZone} />
                      ) : (
                        <span className="muted">
                          <LocalDate value={a.pickup_lfd} zone={state.lfdZone} />
                        </span>
                      )}
                    </td>
                    <td>{holdsLine(a) || 'None'}</td>
                    <td>{fees ? money(fees.amount, fees.currency) : 'None'}</td>
                    <td>
                      {a.available_for_pickup ? 'Yes' : a.availability_known === false ? 'Not known' : 'No'}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
