import { describe, expect, it } from 'vitest'
import { formatMoment } from './widget-format'
import { localeOf, messagesFor } from './widget-messages'
import { feeWords, widgetState } from './widget-state'

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
    expect(formatMoment(iso, 'en', 'America/Los_Angeles')).toBe('Mar 10, 2026, 8:30 AM PDT')
    expect(formatMoment(iso, 'es', 'Europe/Madrid')).toMatch(/10 mar 2026, 16:30 CET/)
    expect(formatMoment(iso, 'en', 'America/Los_Angeles', true)).toBe('Mar 10, 2026')
    expect(formatMoment(iso, 'en', 'Nowhere/Atlantis')).toBeTypeOf('string')
    expect(formatMoment('not a date', 'en', undefined)).toBeNull()
  })
})

describe('the widget’s container state', () => {
  const now = new Date('2026-11-25T17:00:00Z')
  const container = (attributes: Record<string, unknown>) => ({
    id: 'c1',
    type: 'container',
    attributes: { number: 'MSKU1234565', pod_timezone: 'America/Los_Angeles', ...attributes },
  })

  it('says overdue, dropped and returned as the dashboard does, not from available_for_pickup alone', () => {
    const overdue = container({
      pod_discharged_at: '2026-11-18T10:00:00Z',
      available_for_pickup: true,
      pickup_lfd: '2026-11-22T08:00:00Z',
    })
    expect(widgetState(overdue, 'en', now)?.label).toBe('Overdue')
    const dropped = container({
      pod_discharged_at: '2026-11-18T10:00:00Z',
      pod_full_out_at: '2026-11-20T10:00:00Z',
      current_status: 'dropped',
      available_for_pickup: false,
    })
    expect(widgetState(dropped, 'en', now)?.headline).toBe('Picked up and dropped')
    const returned = container({
      pod_full_out_at: '2026-11-20T10:00:00Z',
      empty_terminated_at: '2026-11-24T10:00:00Z',
      available_for_pickup: false,
    })
    expect(widgetState(returned, 'es', now)?.headline).toBe('Vacío devuelto')
  })

  it('names fees in words, never by their keys', () => {
    expect(feeWords('extended_dwell_time', 'en')).toBe('Extended dwell time')
    expect(feeWords('extended_dwell_time', 'es')).toBe('Estadía prolongada')
    expect(feeWords('port_congestion', 'en')).toBe('Port congestion')
  })
})
