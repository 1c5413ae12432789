const offsetMs = (instant: number, zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  )
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second)
  return wall - Math.floor(instant / 1000) * 1000
}

/** A `datetime-local` value read as wall-clock time in `zone` (the port's), as an ISO instant. */
export function instantFromLocal(local: string, zone: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return undefined
  const [, y, mo, d, h, mi] = match.map(Number)
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  let instant = guess - offsetMs(guess, zone)
  // across a change of offset the first guess is an hour off
  instant = guess - offsetMs(instant, zone)
  return new Date(instant).toISOString()
}

/** An instant as the `datetime-local` value of its wall-clock time in `zone`. */
export function localFromInstant(value: string | null | undefined, zone: string) {
  if (!value) return ''
  const instant = Date.parse(value)
  if (Number.isNaN(instant)) return ''
  return new Date(instant + offsetMs(instant, zone)).toISOString().slice(0, 16)
}
