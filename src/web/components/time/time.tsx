import { formatInZone, formatLocalDate } from './format-time'
import { useTimeZoneMode } from './time-zone-setting'

export function Time({
  value,
  zone,
  fallback = '—',
}: {
  value: string | null | undefined
  zone?: string | null
  fallback?: string
}) {
  const mode = useTimeZoneMode()
  const place = formatInZone(value, zone)
  if (!value || !place) return <span className="muted">{fallback}</span>
  const viewer = formatInZone(value, undefined)
  return (
    <time dateTime={value} title={mode === 'viewer' ? `Local time there: ${place}` : `Your time: ${viewer}`}>
      {mode === 'viewer' ? viewer : place}
    </time>
  )
}

/** Never shifted to the viewer's calendar. */
export function LocalDate({ value, zone }: { value: string | null | undefined; zone?: string | null }) {
  const text = formatLocalDate(value, zone)
  if (!value || !text) return <span className="muted">—</span>
  return <time dateTime={value.slice(0, 10)}>{text}</time>
}
