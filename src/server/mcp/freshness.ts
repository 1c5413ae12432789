import { isWaiting, lfdUnconfirmed, urgentDaysLeft } from '../../contract/container-board'
import type { StateAttributes } from '../../contract/container-state'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** As Terminal49's server does: terminal data older than this raises no urgency. */
const STALE_TERMINAL_DAYS = 7

export function ageWords(ms: number) {
  if (ms < HOUR) return 'less than an hour'
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR)
    return `${hours} hour${hours === 1 ? '' : 's'}`
  }
  const days = Math.floor(ms / DAY)
  return `${days} day${days === 1 ? '' : 's'}`
}

const ageOf = (at: string | null | undefined, now: Date) => {
  const ms = at ? now.getTime() - Date.parse(at) : Number.NaN
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined
}

export type Freshness = {
  terminal_checked_at: string | null
  terminal_data_age: string | null
  last_free_day_checked_at: string | null
  line_checked_at: string | null
  line_data_age: string | null
  stale: boolean
  note: string
}

/** How old what we know is, in words; stale when the terminal was last read over 7 days ago or the last free day is unconfirmed. */
export function freshnessOf(
  a: StateAttributes,
  lineCheckedAt: string | null | undefined,
  now: Date,
): Freshness {
  const terminalAge = ageOf(a.terminal_checked_at, now)
  const lineAge = ageOf(lineCheckedAt, now)
  const oldTerminal = terminalAge !== undefined && terminalAge > STALE_TERMINAL_DAYS * DAY
  const stale = isWaiting(a) && (oldTerminal || lfdUnconfirmed(a, now))
  const terminalWords = terminalAge === undefined ? null : ageWords(terminalAge)
  let note: string
  if (!isWaiting(a))
    note =
      lineAge === undefined ? 'The line has not been read yet.' : `Line data is ${ageWords(lineAge)} old.`
  else if (terminalWords === null)
    note = 'The terminal has not been read yet: availability and the last free day are unknown.'
  else if (stale)
    note = `Terminal data is ${terminalWords} old (last free day unconfirmed): availability, holds and the last free day may have changed. Confirm with the terminal before acting; no urgency is claimed from it.`
  else note = `Terminal data is ${terminalWords} old.`
  return {
    terminal_checked_at: a.terminal_checked_at ?? null,
    terminal_data_age: terminalWords,
    last_free_day_checked_at: a.pickup_lfd_checked_at ?? null,
    line_checked_at: lineCheckedAt ?? null,
    line_data_age: lineAge === undefined ? null : ageWords(lineAge),
    stale,
    note,
  }
}

export type Urgency = {
  level: 'overdue' | 'due_soon' | 'none' | 'held_back'
  words: string
  days_left?: number
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Never urgency from stale data: the level is `held_back` and the words say why. */
export function urgencyOf(a: StateAttributes, freshness: Freshness, now: Date): Urgency {
  if (!isWaiting(a)) return { level: 'none', words: 'Not waiting at the terminal.' }
  if (freshness.stale) return { level: 'held_back', words: `No urgency claimed: ${freshness.note}` }
  const days = urgentDaysLeft(a, now)
  if (days === undefined) return { level: 'none', words: 'No last free day known yet.' }
  if (days < 0)
    return {
      level: 'overdue',
      words: `The last free day passed ${plural(-days, 'day')} ago.`,
      days_left: days,
    }
  if (days <= 3)
    return {
      level: 'due_soon',
      words: days === 0 ? 'Today is the last free day.' : `${plural(days, 'day')} to the last free day.`,
      days_left: days,
    }
  return { level: 'none', words: `${plural(days, 'day')} to the last free day.`, days_left: days }
}
