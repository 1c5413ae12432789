import { containerCheckDigit } from '../../../src/contract/container-number'
import { stateWords } from '../../../src/contract/container-state'
import { CASES_NOW, CONTAINER_STATE_CASES, caseDay } from '../../../src/contract/container-state-cases'

const DAY = 86_400_000
const ZONE = 'America/Los_Angeles'
/** The customer every case's shipment is booked for, so a board filtered to it shows only the cases. */
export const CASES_CUSTOMER_ID = '00000000-0000-4000-8000-0000000ca5e0'

/** The container and shipment that stand for case `index` of the shared table. */
export const caseIds = (index: number) => {
  const serial = `QCSU${String(400100 + index)}`
  return {
    number: `${serial}${containerCheckDigit(serial)}`,
    shipmentId: `00000000-0000-4000-8000-0000000ca5${String(10 + index).padStart(2, '0')}`,
    containerId: `00000000-0000-4000-8000-0000000cc0${String(10 + index).padStart(2, '0')}`,
    billOfLading: `QCASE${String(1000 + index)}`,
  }
}

/**
 * The table's times moved to `now`: a day of the table (15:00 UTC, days from its now) becomes noon in Los
 * Angeles that many days from today there, so dates say the same relative to today; any other moment keeps
 * its distance from now (a source checked seven hours ago still was).
 */
export function caseTime(value: string, now: Date) {
  const dayOffset = (Date.parse(value) - Date.parse(caseDay(0))) / DAY
  if (Number.isInteger(dayOffset)) {
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE })
      .format(now)
      .split('-')
      .map(Number)
    return new Date(Date.UTC(year, month - 1, day + dayOffset, 20))
  }
  return new Date(Date.parse(value) + now.getTime() - CASES_NOW.getTime())
}

const TIME = /^\d{4}-\d{2}-\d{2}T/
const shifted = (value: unknown, now: Date): unknown =>
  typeof value === 'string' && TIME.test(value)
    ? caseTime(value, now).toISOString()
    : value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shifted(v, now)]))
      : value

/**
 * Each case of the shared table as the container attributes it stands for at `now`, discharged at Los Angeles;
 * a headline that names a date (the empty's deadline) names the moved one, in the contract's words.
 */
export const stateCases = (now: Date) =>
  CONTAINER_STATE_CASES.map(([name, attributes, kind, headline, tabs], index) => {
    const moved = shifted(
      { pod_timezone: ZONE, pod_discharged_at: caseDay(-4), ...attributes },
      now,
    ) as Record<string, unknown>
    const dated = kind === 'empty_due'
    return {
      name,
      kind,
      // a test's title may not change between the runner listing it and its worker loading it: a dated
      // headline would across midnight in Los Angeles
      title: `${name}: ${dated ? kind : headline}`,
      headline: dated ? stateWords(kind, moved, { terminalName: 'Pier 400' }).headline : headline,
      tabs,
      attributes: moved,
      ...caseIds(index),
    }
  })
