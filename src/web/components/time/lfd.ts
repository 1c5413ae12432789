import { formatLocalDate, localDateIn } from './format-time'

const DAY = 86_400_000

const dayNumber = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY

export type LfdCountdown = { days: number; overdue: boolean; words: string; short: string }

/** The last free day is the whole local day it falls on, whatever the viewer's zone. */
export function lfdCountdown(
  lfd: string | null | undefined,
  zone: string | null | undefined,
  now: Date,
): LfdCountdown | undefined {
  if (!lfd) return undefined
  const tz = zone || 'UTC'
  const lfdDay = localDateIn(lfd, tz)
  if (!lfdDay) return undefined
  const days = dayNumber(lfdDay) - dayNumber(localDateIn(now.toISOString(), tz)!)
  const date = formatLocalDate(lfd, tz)
  const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`
  if (days < 0) {
    const short = `Overdue by ${plural(-days)}`
    return { days, overdue: true, short, words: `${short} (last free day was ${date})` }
  }
  if (days === 0)
    return { days, overdue: false, short: 'Last day today', words: `Last free day is today (${date})` }
  return {
    days,
    overdue: false,
    short: `${plural(days)} left`,
    words: `${plural(days)} left (last free day ${date})`,
  }
}
