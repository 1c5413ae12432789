import { formatForViewer, formatInZone } from './format-time'

/** A timestamp shown in its place's zone, with the viewer's own time on hover. */
export function Time({
  value,
  zone,
  fallback = '—',
}: {
  value: string | null | undefined
  zone?: string | null
  fallback?: string
}) {
  const text = formatInZone(value, zone)
  if (!value || !text) return <span className="muted">{fallback}</span>
  return (
    <time dateTime={value} title={`Your time: ${formatForViewer(value)}`}>
      {text}
    </time>
  )
}
