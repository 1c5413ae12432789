import { expect, it } from 'vitest'
import { conditionWords, deliveryWords, muteWords, repeatWords, scopeWords } from './alert-words'

it("a condition reads with its own number, or the catalogue's default", () => {
  expect(conditionWords({ kind: 'lfd_within', days: 2 })).toBe('Last free day within 2 days, not picked up')
  expect(conditionWords({ kind: 'lfd_within', days: 1 })).toBe('Last free day within 1 day, not picked up')
  expect(conditionWords({ kind: 'eta_slipped', hours: 12 })).toBe('ETA slips by more than 12 hours')
  expect(conditionWords({ kind: 'data_stale' })).toBe(
    'Data for a container goes stale (48 hours without news)',
  )
  expect(conditionWords({ kind: 'hold_appeared' })).toBe('A hold appears')
  expect(conditionWords({ kind: 'from_a_newer_server' })).toBe('from_a_newer_server')
})

it('a scope names its customer or terminal, and falls back to a short id while names load', () => {
  const names = {
    customer: (id: string) => (id === 'p1' ? 'Northwind Traders' : undefined),
    terminal: () => undefined,
  }
  expect(scopeWords({ kind: 'all' }, names)).toBe('Every container')
  expect(scopeWords({ kind: 'customer', party_id: 'p1' }, names)).toBe('Customer Northwind Traders')
  expect(scopeWords({ kind: 'terminal', terminal_id: 'abcdef0123' }, names)).toBe('Terminal abcdef01')
  expect(scopeWords({ kind: 'tag', tag: 'reefer' }, names)).toBe('Tagged “reefer”')
  expect(scopeWords({ kind: 'custom_field', field_name: 'po', field_value: '42' }, names)).toBe('po is “42”')
})

it('delivery, repeat and quiet times in words', () => {
  expect(deliveryWords({ name: 'x', condition: { kind: 'hold_appeared' }, scope: { kind: 'all' } })).toBe(
    'At once, grouping for 30 seconds',
  )
  expect(
    deliveryWords({
      name: 'x',
      condition: { kind: 'hold_appeared' },
      scope: { kind: 'all' },
      delivery: 'digest',
      digest_time: '07:00',
      time_zone: 'Europe/Berlin',
    }),
  ).toBe("Daily digest at 07:00 (each person's time; Europe/Berlin for addresses)")
  expect(repeatWords(null)).toBe('Again only after it clears')
  expect(repeatWords(6)).toBe('Again every 6 hours while true')
  expect(muteWords({ days: [0, 6], from: '00:00', to: '23:59' })).toBe('Sat, Sun 00:00–23:59')
  expect(muteWords({ days: [1, 2, 3, 4, 5], from: '20:00', to: '07:00' })).toBe(
    'Mon, Tue, Wed, Thu, Fri 20:00–07:00 (overnight)',
  )
})
