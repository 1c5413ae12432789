import { describe, expect, it } from 'vitest'
import { formatMoment } from './widget-format'
import { localeOf, messagesFor } from './widget-messages'

describe('the widget’s words', () => {
  it('speaks Spanish for any Spanish locale and English otherwise', () => {
    expect(localeOf('es-MX')).toBe('es')
    expect(localeOf('fr')).toBe('en')
    expect(localeOf(null)).toBe('en')
    expect(messagesFor('es').t('errorRevoked')).toBe('Su propietario ha revocado este enlace de seguimiento.')
    expect(messagesFor('en').t('showTimeline', { number: 'MSKU1' })).toBe('Show timeline of MSKU1')
  })

  it('names known statuses and events, and spells out unknown ones rather than hiding them', () => {
    const es = messagesFor('es')
    expect(es.status('on_ship')).toBe('En el buque')
    expect(es.status('floating_away')).toBe('Floating away')
    expect(es.event('container.transport.vessel_departed')).toBe('El buque salió')
    expect(messagesFor('en').event('container.transport.teleported')).toBe('Teleported')
  })

  it('shows a time in the port’s zone, and falls back to the viewer’s for a zone it does not know', () => {
    const iso = '2026-03-10T15:30:00Z'
    expect(formatMoment(iso, 'en', 'America/Los_Angeles')).toBe('Mar 10, 2026, 8:30 AM')
    expect(formatMoment(iso, 'es', 'Europe/Madrid')).toMatch(/10 mar 2026, 16:30/)
    expect(formatMoment(iso, 'en', 'Nowhere/Atlantis')).toBeTypeOf('string')
    expect(formatMoment('not a date', 'en', undefined)).toBeNull()
  })
})
