import type { Locale } from './widget-messages'

type Zone = string | null | undefined

/** The zone is named so a reader on another coast is not misled. */
export function formatMoment(iso: unknown, locale: Locale, zone: Zone, dateOnly = false) {
  if (typeof iso !== 'string' || iso === '') return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: 'medium' }
    : {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }
  try {
    return new Intl.DateTimeFormat(locale, { ...options, ...(zone ? { timeZone: zone } : {}) }).format(date)
  } catch {
    // a zone this browser does not know: the viewer's own rather than nothing
    return new Intl.DateTimeFormat(locale, options).format(date)
  }
}

export function formatMoney(amount: unknown, currency: unknown, locale: Locale) {
  const value = Number(amount)
  if (!Number.isFinite(value)) return null
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: String(currency || 'USD') }).format(
      value,
    )
  } catch {
    return `${value} ${String(currency ?? '')}`.trim()
  }
}
