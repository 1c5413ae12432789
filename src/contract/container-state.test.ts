import { describe, expect, it } from 'vitest'
import { boardTabsOf } from './container-board'
import { blockedByHold, type ContainerStateKind, containerStateOf, stateWords } from './container-state'
import { ContainerSchema } from './containers'

const NOW = new Date('2026-11-25T17:00:00Z')
const ZONE = 'America/Los_Angeles'
const day = (offset: number) => new Date(Date.UTC(2026, 10, 25 + offset, 15)).toISOString()
const container = (attributes: Record<string, unknown>) =>
  ContainerSchema.parse({
    id: 'c',
    type: 'container',
    attributes: { number: 'MSKU1234565', pod_timezone: ZONE, pod_discharged_at: day(-4), ...attributes },
  }).attributes

const hold = [{ name: 'customs', status: 'hold' }]

/** One table of cases: each container's state, its words, and the board tabs it is counted in. */
const CASES: [string, Record<string, unknown>, ContainerStateKind, string, string[]][] = [
  [
    'available',
    { available_for_pickup: true, pickup_lfd: day(2) },
    'available',
    'Available for pickup at Pier 400',
    ['available', 'lfd_soon'],
  ],
  [
    'overdue',
    { available_for_pickup: true, pickup_lfd: day(-2) },
    'overdue',
    'Overdue: available for pickup at Pier 400',
    ['attention', 'overdue'],
  ],
  [
    'on hold and overdue',
    { available_for_pickup: false, holds_at_pod_terminal: hold, pickup_lfd: day(-1) },
    'overdue_on_hold',
    'Overdue and not available: customs hold',
    ['attention', 'on_hold', 'overdue'],
  ],
  [
    'on hold',
    { available_for_pickup: false, holds_at_pod_terminal: hold, pickup_lfd: day(6) },
    'on_hold',
    'Not available: customs hold',
    ['on_hold'],
  ],
  [
    'picked up',
    { pod_full_out_at: day(-1), pickup_lfd: day(-3), current_status: 'picked_up' },
    'picked_up',
    'Picked up',
    ['done'],
  ],
  [
    'dropped',
    { pod_full_out_at: day(-1), current_status: 'dropped', available_for_pickup: false },
    'dropped',
    'Picked up and dropped',
    ['done'],
  ],
  [
    'empty returned',
    {
      pod_full_out_at: day(-3),
      empty_terminated_at: day(-1),
      current_status: 'empty_returned',
      available_for_pickup: false,
    },
    'empty_returned',
    'Empty returned',
    ['done'],
  ],
  [
    'rail last free day passed',
    {
      available_for_pickup: true,
      current_status: 'on_rail',
      final_destination_timezone: 'America/Chicago',
      pickup_lfd: day(-2),
      import_deadlines: { pickup_lfd_rail: day(-2) },
    },
    'overdue',
    'Overdue: available for pickup at Pier 400',
    ['attention', 'overdue'],
  ],
  [
    'stale terminal data',
    {
      available_for_pickup: true,
      pickup_lfd: day(-2),
      pickup_lfd_source: 'terminal',
      pickup_lfd_checked_at: new Date(NOW.getTime() - 7 * 3_600_000).toISOString(),
    },
    'unconfirmed',
    'Unconfirmed: Pier 400 has not been checked lately; its last free day may have changed',
    [],
  ],
]

describe('one state for every surface', () => {
  it.each(CASES)('says %s the same way in the state and the board', (_, attributes, kind, headline, tabs) => {
    const a = container(attributes)
    expect(containerStateOf(a, NOW)).toBe(kind)
    expect(stateWords(kind, a, { terminalName: 'Pier 400' }).headline).toBe(headline)
    expect(boardTabsOf({ attributes: a }, NOW, 3).sort()).toEqual(tabs)
  })

  it('never counts an overdue container as available, and prices no pickup behind a hold', () => {
    for (const [, attributes, kind] of CASES) {
      const tabs = boardTabsOf({ attributes: container(attributes) }, NOW, 3)
      expect(tabs.includes('available') && tabs.includes('overdue')).toBe(false)
      expect(blockedByHold(kind)).toBe(kind === 'on_hold' || kind === 'overdue_on_hold')
    }
  })

  it('speaks Spanish, with the holds in Spanish, and names no hold a viewer was not shown', () => {
    const a = container({ available_for_pickup: false, holds_at_pod_terminal: hold, pickup_lfd: day(6) })
    expect(stateWords('on_hold', a, {}, 'es').headline).toBe('No disponible: retención de aduanas')
    const { holds_at_pod_terminal: _, ...unshared } = a
    expect(stateWords('on_hold', unshared, {}, 'en').headline).toBe('Not available: a hold')
  })
})
