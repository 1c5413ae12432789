import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { containerState } from './container-state'

// noon in New York on 2026-11-22; the port's calendar decides the days
const NOW = new Date('2026-11-22T17:00:00Z')
const ZONE = 'America/New_York'
/** The start of a day in New York, `days` from today, as the service writes a last free day. */
const lfd = (days: number) => new Date(Date.UTC(2026, 10, 22 + days, 5)).toISOString()
const DISCHARGED = '2026-11-16T12:00:00Z'
const OUT = '2026-11-21T15:00:00Z'

const container = (attributes: Record<string, unknown>) =>
  ContainerSchema.parse({
    id: 'c1',
    type: 'container',
    attributes: { number: 'MSCU1234566', pod_timezone: ZONE, ...attributes },
  }).attributes

const HOLD = [{ name: 'customs', status: 'hold' }]
const PENDING = [{ name: 'freight', status: 'pending' }]
const CONTEXT = { terminalName: 'Maher', vesselName: 'EVER ACE', eta: '2026-11-25T10:00:00Z' }

type Row = [string, Record<string, unknown>, string, string, string | undefined]

/** Every combination the demo produces: status, holds, availability, last free day, pickup and return. */
const TABLE: Row[] = [
  ['not yet shipped', { current_status: 'new' }, 'Not yet shipped', 'info', undefined],
  [
    'loaded at origin',
    { current_status: 'loaded', pol_vessel_loaded_at: DISCHARGED },
    'Loaded at origin, not yet sailed',
    'info',
    undefined,
  ],
  [
    'at sea',
    { current_status: 'on_ship', pol_vessel_departed_at: DISCHARGED },
    'On vessel EVER ACE',
    'info',
    undefined,
  ],
  [
    'arrived, not discharged',
    { current_status: 'on_ship', pod_arrived_at: DISCHARGED },
    'Arrived, waiting to be discharged',
    'info',
    undefined,
  ],
  [
    'discharged, not released',
    { current_status: 'grounded', pod_discharged_at: DISCHARGED, pickup_lfd: lfd(4) },
    'Discharged at Maher, not yet available',
    'warning',
    '4 days left',
  ],
  [
    'on hold',
    {
      current_status: 'not_available',
      pod_discharged_at: DISCHARGED,
      holds_at_pod_terminal: HOLD,
      pickup_lfd: lfd(1),
    },
    'Not available: customs hold',
    'bad',
    '1 day left',
  ],
  [
    'hold pending',
    {
      current_status: 'not_available',
      pod_discharged_at: DISCHARGED,
      holds_at_pod_terminal: PENDING,
      pickup_lfd: lfd(3),
    },
    'Not available: freight hold (pending)',
    'bad',
    '3 days left',
  ],
  [
    'on hold and overdue',
    {
      current_status: 'not_available',
      pod_discharged_at: DISCHARGED,
      holds_at_pod_terminal: HOLD,
      pickup_lfd: lfd(-1),
    },
    'Overdue and not available: customs hold',
    'bad',
    'Overdue by 1 day',
  ],
  [
    'not released and overdue',
    { current_status: 'grounded', pod_discharged_at: DISCHARGED, pickup_lfd: lfd(-1) },
    'Overdue: not yet available',
    'bad',
    'Overdue by 1 day',
  ],
  [
    'available',
    {
      current_status: 'available',
      available_for_pickup: true,
      pod_discharged_at: DISCHARGED,
      pickup_lfd: lfd(2),
    },
    'Available for pickup at Maher',
    'good',
    '2 days left',
  ],
  [
    'available, last day today',
    {
      current_status: 'available',
      available_for_pickup: true,
      pod_discharged_at: DISCHARGED,
      pickup_lfd: lfd(0),
    },
    'Available for pickup at Maher',
    'good',
    'Last day today',
  ],
  [
    'available and overdue with fees',
    {
      current_status: 'available',
      available_for_pickup: true,
      pod_discharged_at: DISCHARGED,
      pickup_lfd: lfd(-2),
      fees_at_pod_terminal: [{ type: 'demurrage', amount: 300 }],
    },
    'Overdue: available for pickup at Maher',
    'bad',
    'Overdue by 2 days',
  ],
  [
    'off dock',
    {
      current_status: 'off_dock',
      available_for_pickup: true,
      pod_discharged_at: DISCHARGED,
      pickup_lfd: lfd(2),
    },
    'Available for pickup at the off-dock yard',
    'good',
    '2 days left',
  ],
  [
    'waiting for rail',
    { current_status: 'awaiting_inland_transfer', pod_discharged_at: DISCHARGED },
    'Waiting to be loaded on rail',
    'info',
    undefined,
  ],
  [
    'on rail',
    { current_status: 'on_rail', pod_discharged_at: DISCHARGED, ind_eta_at: '2026-11-25T10:00:00Z' },
    'On rail to the inland ramp',
    'info',
    undefined,
  ],
  [
    'available at the ramp',
    {
      current_status: 'available',
      available_for_pickup: true,
      pod_discharged_at: DISCHARGED,
      final_destination_timezone: 'America/Chicago',
      pickup_lfd: new Date(Date.UTC(2026, 10, 23, 6)).toISOString(),
      import_deadlines: { pickup_lfd_rail: new Date(Date.UTC(2026, 10, 23, 6)).toISOString() },
    },
    'Available for pickup at Maher',
    'good',
    '1 day left',
  ],
  [
    'picked up late, with fees',
    {
      current_status: 'picked_up',
      pod_discharged_at: DISCHARGED,
      pod_full_out_at: OUT,
      final_destination_full_out_at: OUT,
      pickup_lfd: lfd(-3),
      fees_at_pod_terminal: [{ type: 'demurrage', amount: 450 }],
    },
    'Picked up',
    'done',
    undefined,
  ],
  [
    'delivered',
    {
      current_status: 'delivered',
      pod_discharged_at: DISCHARGED,
      pod_full_out_at: OUT,
      delivered_at: OUT,
      pickup_lfd: lfd(-1),
    },
    'Delivered',
    'done',
    undefined,
  ],
  [
    'dropped',
    {
      current_status: 'dropped',
      pod_discharged_at: DISCHARGED,
      final_destination_full_out_at: OUT,
      pickup_lfd: lfd(-1),
    },
    'Picked up and dropped',
    'done',
    undefined,
  ],
  [
    'empty returned',
    {
      current_status: 'empty_returned',
      pod_discharged_at: DISCHARGED,
      pod_full_out_at: OUT,
      empty_terminated_at: '2026-11-22T14:00:00Z',
      pickup_lfd: lfd(-4),
    },
    'Empty returned',
    'done',
    undefined,
  ],
  [
    'a status this version does not know',
    { current_status: 'in_exam', pod_discharged_at: DISCHARGED, pickup_lfd: lfd(2) },
    'Discharged at Maher, not yet available',
    'warning',
    '2 days left',
  ],
]

describe('containerState', () => {
  for (const [name, attributes, headline, tone, countdown] of TABLE)
    it(`says "${headline}" for a container ${name}`, () => {
      const state = containerState(container(attributes), CONTEXT, NOW)
      expect(state.headline).toBe(headline)
      expect(state.tone).toBe(tone)
      expect(state.countdown?.short).toBe(countdown)
    })

  it('tells a return and an arrival in the port’s time when the container carries no zone of its own, as the CSV does', () => {
    const returned = TABLE.find(([name]) => name === 'empty returned')!
    expect(containerState(container(returned[1]), CONTEXT, NOW).atZone).toBe(ZONE)
    const arrived = containerState(
      container({ current_status: 'arrived', pod_arrived_at: '2026-11-24T08:00:00Z' }),
      CONTEXT,
      NOW,
    )
    expect(arrived.at).toBe('2026-11-24T08:00:00Z')
    expect(arrived.atZone).toBe(ZONE)
  })

  it('counts a rail last free day in the ramp’s calendar, not the port’s', () => {
    const row = TABLE.find(([name]) => name === 'available at the ramp')!
    expect(containerState(container(row[1]), CONTEXT, NOW).lfdZone).toBe('America/Chicago')
  })

  it('is never good when overdue, and never counts down once picked up or returned', () => {
    const holds = [[], HOLD, PENDING]
    const days = [undefined, 3, 0, -2]
    const ends = [
      {},
      { pod_full_out_at: OUT },
      { final_destination_full_out_at: OUT },
      { empty_terminated_at: OUT },
      // picked up, the empty due back or overdue: its own countdown, not the last free day's
      { pod_full_out_at: OUT, empty_return_deadline: lfd(2) },
      { pod_full_out_at: OUT, empty_return_deadline: lfd(-1) },
    ]
    for (const hold of holds)
      for (const available of [true, false])
        for (const day of days)
          for (const end of ends) {
            const state = containerState(
              container({
                pod_discharged_at: DISCHARGED,
                holds_at_pod_terminal: hold,
                available_for_pickup: available,
                pickup_lfd: day === undefined ? null : lfd(day),
                ...end,
              }),
              CONTEXT,
              NOW,
            )
            if (state.countdown?.overdue) expect(state.tone).toBe('bad')
            if (Object.keys(end).length > 0) expect(state.countdown).toBeUndefined()
            expect(state.headline.startsWith('Overdue')).toBe(Boolean(state.countdown?.overdue))
          }
  })
})
