import type { ContainerStateKind } from './container-state'
import { ContainerSchema } from './containers'

/** The moment the table of cases is read at, and a day around it at 15:00 UTC. */
export const CASES_NOW = new Date('2026-11-25T17:00:00Z')
const NOW = CASES_NOW
const ZONE = 'America/Los_Angeles'
/** A day around the cases' now, at 15:00 UTC. */
export const caseDay = (offset: number) => new Date(Date.UTC(2026, 10, 25 + offset, 15)).toISOString()
/** A container discharged four days before the cases' now, in Los Angeles, with these attributes. */
export const caseContainer = (attributes: Record<string, unknown>) =>
  ContainerSchema.parse({
    id: 'c',
    type: 'container',
    attributes: { number: 'MSKU1234565', pod_timezone: ZONE, pod_discharged_at: day(-4), ...attributes },
  })

export const caseHold = [{ name: 'customs', status: 'hold' }]
const hold = caseHold
const day = caseDay

/**
 * The one table of cases every surface is held to (the contract, the board, the container page, the
 * widget, CSV): each container's state, its headline at "Pier 400", and the board tabs it is counted in.
 */
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

/**
 * What picking up each case's container today costs, by name, as the board, the container page and CSV
 * project it at "Pier 400" (whose tariff is `CASE_TERMINAL_TARIFF`); a case not named here is priced by none.
 */
export const CASE_PICKUP_COSTS: Record<string, { today: number; perDay: number }> = {
  overdue: { today: 2 * 150, perDay: 150 },
  available: { today: 0, perDay: 150 },
  // two days past the railroad's last free day, by the illustrative rail storage tariff (not Pier 400's)
  'rail last free day passed': { today: 2 * 100, perDay: 150 },
}

/** Pier 400's tariff in the cases. */
export const CASE_TERMINAL_TARIFF = {
  currency: 'USD',
  free_days: 4,
  tiers: [{ from_day: 1, per_day: 150 }],
  source: 'Cases tariff',
}
