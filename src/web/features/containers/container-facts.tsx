import { lfdDaysLeft } from '../../../contract/container-board'
import { holdWords } from '../../../contract/container-state'
import type { Container } from '../../../contract/containers'
import { serviceNow } from '../../api/service-clock'
import type { ContainerState } from '../../components/status/container-state'
import { LocalDate } from '../../components/time/time'
import { ContainerDetails } from './container-details'
import { ContainerFees } from './container-fees'
import { LfdSources } from './lfd-sources-table'

function LastFreeDay({ container, state }: { container: Container; state: ContainerState }) {
  const a = container.attributes
  const now = serviceNow()
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
      <ContainerFees a={a} />
      <ContainerDetails a={a} terminalName={terminalName} zone={zone} />
    </div>
  )
}
