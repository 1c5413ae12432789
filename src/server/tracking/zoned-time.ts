/** Building an Intl formatter costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatter = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale} ${timeZone} ${Object.keys(options).join()}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options })
    formatters.set(key, format)
  }
  return format
}

function zoneOffsetMs(instant: Date, timeZone: string) {
  const parts = formatter('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return local - Math.floor(instant.getTime() / 1000) * 1000
}

/** Bounded: a seed of 100,000 shipments asks the same ones again and again. */
function memo<K, V>(make: (timeZone: string, key: K) => V) {
  const zones = new Map<string, Map<K, V>>()
  return (timeZone: string, key: K) => {
    let kept = zones.get(timeZone)
    if (!kept) {
      kept = new Map()
      zones.set(timeZone, kept)
    }
    let found = kept.get(key)
    if (found === undefined) {
      if (kept.size >= 100_000) kept.clear()
      found = make(timeZone, key)
      kept.set(key, found)
    }
    return found
  }
}

// every zone's offset is a whole number of quarter hours and changes on a quarter hour
const QUARTER_HOUR = 900_000
const dateOfQuarter = memo((timeZone, quarter: number) =>
  formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(quarter * QUARTER_HOUR),
  ),
)

export const localDate = (instant: Date, timeZone: string) =>
  dateOfQuarter(timeZone, Math.floor(instant.getTime() / QUARTER_HOUR))

const dayStart = memo((timeZone, dateAndDays: string) => {
  const [date, addDays] = dateAndDays.split(' ')
  const [year, month, day] = date.split('-').map(Number)
  const guess = Date.UTC(year, month - 1, day + Number(addDays))
  const first = guess - zoneOffsetMs(new Date(guess), timeZone)
  return guess - zoneOffsetMs(new Date(first), timeZone)
})

/** How the real service writes an LFD. */
export const startOfLocalDay = (instant: Date, timeZone: string, addDays = 0) =>
  new Date(dayStart(timeZone, `${localDate(instant, timeZone)} ${addDays}`))
