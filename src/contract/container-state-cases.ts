import type { ContainerStateKind } from './container-state'
import { ContainerSchema } from './containers'

export const CASES_NOW = new Date('2026-11-25T17:00:00Z')
const NOW = CASES_NOW
const ZONE = 'America/Los_Angeles'
export const caseDay = (offset: number) => new Date(Date.UTC(2026, 10, 25 + offset, 15)).toISOString()
export const caseContainer = (attributes: Record<string, unknown>) =>
  ContainerSchema.parse({
    id: 'c',
    type: 'container',
    attributes: { number: 'MSKU1234565', pod_timezone: ZONE, pod_discharged_at: day(-4), ...attributes },
  })

/** A line's detention tariff for the cases; their deadlines are given, as the service renders them. */
export const CASE_DETENTION_TARIFF = {
  currency: 'USD',
  free_days: 4,
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 3, per_day: 175 },
  ],
  source: 'Cases detention tariff',
}

export const caseHold = [{ name: 'customs', status: 'hold' }]
const hold = caseHold
const day = caseDay

/** The one table of cases every surface (contract, board, container page, widget, CSV) is held to. */
export const CONTAINER_STATE_CASES: [
  string,
  Record<string, unknown>,
  ContainerStateKind,
  string,
  string[],
][] = [
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
    'empty due',
    {
      pod_full_out_at: day(-1),
      current_status: 'picked_up',
      empty_return_deadline: day(3),
      detention_tariff: CASE_DETENTION_TARIFF,
    },
    'empty_due',
    'Empty due back at Pier 400 by Nov 28',
    ['done', 'empty_due'],
  ],
  [
    'empty overdue',
    {
      pod_full_out_at: day(-6),
      current_status: 'delivered',
      empty_return_deadline: day(-2),
      detention_tariff: CASE_DETENTION_TARIFF,
    },
    'empty_overdue',
    'Empty overdue: detention accruing',
    ['done', 'empty_overdue'],
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

/** At "Pier 400" (`CASE_TERMINAL_TARIFF`); a case not named here is priced by none. */
export const CASE_PICKUP_COSTS: Record<string, { today: number; perDay: number }> = {
  overdue: { today: 2 * 150, perDay: 150 },
  available: { today: 0, perDay: 150 },
  // two days past the railroad's last free day, by the illustrative rail storage tariff (not Pier 400's)
  'rail last free day passed': { today: 2 * 100, perDay: 150 },
}

/** Detention if the empty is returned today; a case not named here has none projected. */
export const CASE_DETENTION_COSTS: Record<string, { today: number; perDay: number }> = {
  'empty due': { today: 0, perDay: 100 },
  // two days past its deadline: 100 + 100, the third day at 175
  'empty overdue': { today: 2 * 100, perDay: 175 },
}

export const CASE_TERMINAL_TARIFF = {
  currency: 'USD',
  free_days: 4,
  tiers: [{ from_day: 1, per_day: 150 }],
  source: 'Cases tariff',
}
