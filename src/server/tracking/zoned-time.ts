/** One formatter per zone and shape: building an Intl formatter costs far more than using one. */
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

export const localDate = (instant: Date, timeZone: string) =>
  formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)

/** The instant a local date (plus days) begins in a zone: how the real service writes an LFD. */
export function startOfLocalDay(instant: Date, timeZone: string, addDays = 0) {
  const [year, month, day] = localDate(instant, timeZone).split('-').map(Number)
  const guess = Date.UTC(year, month - 1, day + addDays)
  const first = guess - zoneOffsetMs(new Date(guess), timeZone)
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone))
}
