const formatters = new Map<string, Intl.DateTimeFormat>()

/** Building an Intl formatter costs far more than using one, and a table formats hundreds of times. */
const cachedFormatter = (key: string, make: () => Intl.DateTimeFormat) => {
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

const formatterFor = (timeZone: string | undefined, withTime: boolean) =>
  cachedFormatter(
    `${timeZone ?? 'local'}|${withTime}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
      }),
  )

const isValidZone = (zone: string | null | undefined): zone is string => {
  if (!zone) return false
  try {
    formatterFor(zone, true)
    return true
  } catch {
    return false
  }
}

/** Its full name where the browser only has an offset such as "GMT+8". */
function zoneName(date: Date, timeZone: string | undefined, short: string) {
  if (!/^(GMT|UTC)[+-−]/.test(short)) return short
  const long = cachedFormatter(
    `${timeZone ?? 'local'}|long`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }),
  )
  return long.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? short
}

export function formatInZone(value: string | null | undefined, zone?: string | null) {
  if (!value) return undefined
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const timeZone = isValidZone(zone) ? zone : undefined
  return formatterFor(timeZone, true)
    .formatToParts(date)
    .map((part) => (part.type === 'timeZoneName' ? zoneName(date, timeZone, part.value) : part.value))
    .join('')
}

export function csvTime(value: string | null | undefined, zone?: string | null) {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const timeZone = isValidZone(zone) ? zone : undefined
  const parts = cachedFormatter(
    `${timeZone ?? 'local'}|csv`,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'short',
      }),
  ).formatToParts(date)
  const get = (type: string) => parts.find((part) => part.type === type)?.value
  const name = zoneName(
    date,
    timeZone,
    formatterFor(timeZone, true)
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '',
  )
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${name}`
}

/** A date never shifts across zones. */
export function formatCalendarDate(value: string | null | undefined) {
  if (!value) return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return value
  return formatterFor('UTC', false).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  )
}

export function localDateIn(value: string, zone: string | null | undefined) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const instant = new Date(value)
  if (Number.isNaN(instant.getTime())) return undefined
  const timeZone = isValidZone(zone) ? zone : 'UTC'
  const formatter = cachedFormatter(
    `${timeZone}|day`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  )
  return formatter.format(instant)
}

/** The same for every viewer. */
export function formatLocalDate(value: string | null | undefined, zone: string | null | undefined) {
  if (!value) return undefined
  const date = localDateIn(value, zone)
  return date ? formatCalendarDate(date) : value
}
