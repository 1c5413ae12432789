import { blockedByHold } from '../../../contract/container-state'
import type { ContainerState } from '../../components/status/container-state'
import { TONE_SIGN } from '../../components/status/container-state'
import type { Projection } from '../../components/status/demurrage-projection'
import { money } from '../../components/status/fees'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { Time } from '../../components/time/time'

/** The days left are shown only here. */
export function AvailabilityBanner({
  state,
  lfd,
  projection,
}: {
  state: ContainerState
  lfd?: string | null
  projection?: Projection
}) {
  return (
    <section className={`answer answer-${state.tone}`} aria-label="Availability">
      <p className="answer-headline">
        <span aria-hidden="true">{TONE_SIGN[state.tone]} </span>
        {state.headline}
        {state.at ? (
          <>
            {state.atLabel ? `, ${state.atLabel} ` : ' '}
            <Time value={state.at} zone={state.atZone} />
          </>
        ) : null}
      </p>
      {state.countdown ? (
        <p className="lfd">
          <LfdCountdown lfd={lfd} zone={state.lfdZone} variant="long" />
        </p>
      ) : null}
      {blockedByHold(state.kind) ? (
        <p className="projection">Pickup waits for the holds to clear, so no pickup price is shown yet.</p>
      ) : null}
      {projection ? (
        <p className="projection">
          {projection.rail ? 'Rail ramp storage. ' : ''}
          {projection.overdue ? 'Picked up today: ' : 'Picked up by the last free day: '}
          <strong>{money(projection.today, projection.currency)}</strong>
          {projection.overdue ? '; each further day: ' : '; each day after it: '}
          <strong>{money(projection.perDay, projection.currency)}</strong>
          {projection.source ? <span className="muted small"> ({projection.source})</span> : null}
          {projection.rail ? (
            <span className="muted small"> These are not this railroad's own figures.</span>
          ) : null}
        </p>
      ) : null}
    </section>
  )
}
