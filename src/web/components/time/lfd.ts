import { formatInZone } from './format-time'

const DAY = 86_400_000

/** The local calendar date of an instant in a zone, as YYYY-MM-DD. */
const localDate = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)

const dayNumber = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY

/**
 * Days left to pick up, counted in the port's own calendar: the last free day is the whole local day
 * the LFD instant falls on, so "today" is the last chance and a day later is overdue, whatever the viewer's zone.
 */
export function lfdCountdown(lfd: string | null | undefined, zone: string | null | undefined, now: Date) {
  if (!lfd) return undefined
  const instant = new Date(lfd)
  if (Number.isNaN(instant.getTime())) return undefined
  const tz = zone || 'UTC'
  const days = dayNumber(localDate(instant, tz)) - dayNumber(localDate(now, tz))
  const date = formatInZone(lfd, tz)?.replace(/, \d{2}:\d{2}.*$/, '')
  if (days < 0)
    return {
      days,
      overdue: true,
      words: `Overdue by ${-days} day${days === -1 ? '' : 's'} (last free day was ${date})`,
    }
  if (days === 0) return { days, overdue: false, words: `Last free day is today (${date})` }
  return { days, overdue: false, words: `${days} day${days === 1 ? '' : 's'} left (last free day ${date})` }
}
