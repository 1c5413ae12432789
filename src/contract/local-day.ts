const DAY = 86_400_000
const dayFormats = new Map<string, Intl.DateTimeFormat>()

const dayFormat = (zone: string): Intl.DateTimeFormat => {
  let format = dayFormats.get(zone)
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...options })
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', ...options })
    }
    dayFormats.set(zone, format)
  }
  return format
}

/** An unknown zone counts as UTC. */
export const localDay = (instant: Date, zone: string) => dayFormat(zone).format(instant)

export const dayNumber = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY
