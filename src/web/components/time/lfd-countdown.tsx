import { serviceNow } from '../../api/service-clock'
import { lfdCountdown } from './lfd'
import { LocalDate } from './time'

/** Overdue says so in words and with a sign as well as in colour. */
export function LfdCountdown({
  lfd,
  zone,
  now = serviceNow(),
  variant = 'short',
}: {
  lfd: string | null | undefined
  zone: string | null | undefined
  now?: Date
  variant?: 'short' | 'long'
}) {
  const countdown = lfdCountdown(lfd, zone, now)
  if (!countdown) return <span className="muted">—</span>
  const tone = countdown.overdue ? 'lfd-overdue' : countdown.days <= 2 ? 'lfd-soon' : 'lfd-ok'
  if (variant === 'long') return <span className={tone}>{countdown.words}</span>
  return (
    <span className={tone}>
      <LocalDate value={lfd} zone={zone} />
      <br />
      <span className="small">
        {countdown.overdue ? <span aria-hidden="true">⚠ </span> : null}
        {countdown.short}
      </span>
    </span>
  )
}
