import type { Container } from '../../../contract/containers'
import { emptyDaysLeft, returnZoneOf } from '../../../contract/detention'
import { serviceNow } from '../../api/service-clock'
import { Time } from './time'

const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/** The empty's countdown: "3 days left to return", "Empty overdue by 2 days"; undefined when none runs. */
export function emptyCountdownWords(a: Container['attributes'], now: Date) {
  const days = emptyDaysLeft(a, now)
  if (days === undefined) return undefined
  if (days < 0) return { days, overdue: true, short: `Empty overdue by ${plural(-days)}` }
  if (days === 0) return { days, overdue: false, short: 'Return the empty today' }
  return { days, overdue: false, short: `${plural(days)} left to return the empty` }
}

/** The deadline in the place of pickup's time (the viewer's on hover), and the days left, in words and sign. */
export function EmptyCountdown({ a, now = serviceNow() }: { a: Container['attributes']; now?: Date }) {
  const countdown = emptyCountdownWords(a, now)
  if (!countdown) return <span className="muted">—</span>
  const tone = countdown.overdue ? 'lfd-overdue' : countdown.days <= 2 ? 'lfd-soon' : 'lfd-ok'
  return (
    <span className={tone}>
      Return by <Time value={a.empty_return_deadline} zone={returnZoneOf(a)} />
      <br />
      <span className="small">
        {countdown.overdue ? <span aria-hidden="true">⚠ </span> : null}
        {countdown.short}
      </span>
    </span>
  )
}
