import type { MuteTime } from './alerts'

const MINUTE = 60_000
const DAY_MINUTES = 24 * 60
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }
const formats = new Map<string, Intl.DateTimeFormat>()

const formatIn = (zone: string) => {
  let format = formats.get(zone)
  if (!format) {
    const options = { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })
    } catch {
      format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options })
    }
    formats.set(zone, format)
  }
  return format
}

/** The weekday (Sunday 0) and minute of the day on the wall clock of `zone`; an unknown zone is UTC. */
export function localClock(instant: Date, zone: string) {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )
  return {
    weekday: WEEKDAYS[parts.weekday] ?? 0,
    minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  }
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** The mute window `instant` falls in, if any; `to` before `from` spans midnight, so its tail is the next day's. */
function muteAt(instant: Date, muteTimes: readonly MuteTime[], zone: string) {
  const { weekday, minute } = localClock(instant, zone)
  const yesterday = (weekday + 6) % 7
  return muteTimes.find(({ days, from, to }) => {
    const start = minutesOf(from)
    const end = minutesOf(to)
    if (start < end) return days.includes(weekday) && minute >= start && minute < end
    if (start === end) return days.includes(weekday)
    return (days.includes(weekday) && minute >= start) || (days.includes(yesterday) && minute < end)
  })
}

/** The next instant at or after `instant` whose local wall clock in `zone` reads `minute`. */
function nextLocalMinute(instant: Date, minute: number, zone: string) {
  const floored = Math.ceil(instant.getTime() / MINUTE) * MINUTE
  const ahead = (minute - localClock(new Date(floored), zone).minute + DAY_MINUTES) % DAY_MINUTES
  let candidate = floored + ahead * MINUTE
  // across a change of clocks the wall reads an hour off: one correction lands on it
  const off = localClock(new Date(candidate), zone).minute - minute
  if (off !== 0 && Math.abs(off) <= 120) candidate -= off * MINUTE
  return new Date(candidate < instant.getTime() ? candidate + DAY_MINUTES * MINUTE : candidate)
}

/** Pushed to the end of every mute window it falls in (windows may follow one another). */
export function outOfMuteTimes(instant: Date, muteTimes: readonly MuteTime[], zone: string) {
  let at = instant
  for (let step = 0; step < 16; step++) {
    const mute = muteAt(at, muteTimes, zone)
    if (!mute) return at
    const end = nextLocalMinute(new Date(at.getTime() + MINUTE), minutesOf(mute.to), zone)
    // a whole-day window ends at the next midnight that is not muted
    at = mute.from === mute.to ? nextLocalMinute(new Date(at.getTime() + MINUTE), 0, zone) : end
  }
  return at
}

export type DeliveryTiming = {
  mode: 'immediate' | 'digest'
  firedAt: Date
  groupWaitSeconds: number
  digestTime: string
  /** The recipient's: a person's own time zone, the rule's for a plain address. */
  timeZone: string
  muteTimes: readonly MuteTime[]
  /** Mute times are on the rule's clock. */
  ruleTimeZone: string
}

/** When one alert is due to a recipient: after the group wait, or at the next digest time on their clock; never muted. */
export function deliveryDueAt(timing: DeliveryTiming): Date {
  const first =
    timing.mode === 'immediate'
      ? new Date(timing.firedAt.getTime() + timing.groupWaitSeconds * 1000)
      : nextLocalMinute(timing.firedAt, minutesOf(timing.digestTime), timing.timeZone)
  return outOfMuteTimes(first, timing.muteTimes, timing.ruleTimeZone)
}
