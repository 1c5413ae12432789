import { describe, expect, it } from 'vitest'
import type { LegInput } from '../storage/mirror-voyage-store'
import { sailingLegOf } from './sailing-leg'

const DAY = 86_400_000
const t0 = Date.UTC(2026, 0, 10)
const vessel = { id: '11111111-1111-4111-8111-111111111111', name: 'EVER FORWARD', imo: '9850551' }
const event = (e: Partial<LegInput['events'][number]>): LegInput['events'][number] => ({
  shipmentId: 's',
  event: 'vessel_departed',
  estimated: false,
  timestamp: new Date(t0),
  locode: 'CNNGB',
  vesselId: vessel.id,
  vesselImo: vessel.imo,
  voyageNumber: '1119E',
  ...e,
})
const input = (over: Partial<LegInput> = {}): LegInput => ({
  id: 's',
  sailing: true,
  polLocode: 'CNNGB',
  podLocode: 'USLAX',
  polAtdAt: new Date(t0),
  podEtaAt: new Date(t0 + 14 * DAY),
  podOriginalEtaAt: new Date(t0 + 12 * DAY),
  voyageNumber: '1119E',
  vesselImo: vessel.imo,
  events: [],
  vessels: [vessel],
  current: null,
  ...over,
})

describe('the leg a mirrored shipment sails', () => {
  it('runs from the port of lading to the port of discharge when no raw events were read', () => {
    expect(sailingLegOf(input())).toEqual({
      vessel,
      voyageNumber: '1119E',
      from: 'CNNGB',
      to: 'USLAX',
      departAt: t0,
      arriveAt: t0 + 14 * DAY,
      toPod: true,
      eta: { earliest: t0 + 12 * DAY, likely: t0 + 14 * DAY, latest: t0 + 14 * DAY },
    })
  })

  it("takes the shipment's ETA over an older announced arrival at the port of discharge", () => {
    const announced = event({
      event: 'vessel_arrived',
      estimated: true,
      timestamp: new Date(t0 + 13 * DAY),
      locode: 'USLAX',
    })
    expect(sailingLegOf(input({ events: [event({}), announced] }))?.arriveAt).toBe(t0 + 14 * DAY)
  })

  it('runs from the last departure to the next arrival announced, a transshipment on the way', () => {
    const leg = sailingLegOf(
      input({
        events: [
          event({}),
          event({ event: 'vessel_arrived', timestamp: new Date(t0 + 5 * DAY), locode: 'SGSIN' }),
          event({ timestamp: new Date(t0 + 6 * DAY), locode: 'SGSIN' }),
          event({
            event: 'vessel_arrived',
            estimated: true,
            timestamp: new Date(t0 + 9 * DAY),
            locode: 'KRPUS',
          }),
        ],
      }),
    )
    expect(leg).toMatchObject({
      from: 'SGSIN',
      to: 'KRPUS',
      departAt: t0 + 6 * DAY,
      arriveAt: t0 + 9 * DAY,
      toPod: false,
    })
    expect(leg?.eta).toEqual({ earliest: t0 + 9 * DAY, likely: t0 + 9 * DAY, latest: t0 + 9 * DAY })
  })

  it('is none while the vessel lies at a transshipment port, once arrived, or for a vessel not known here', () => {
    const arrived = event({ event: 'vessel_arrived', timestamp: new Date(t0 + 5 * DAY), locode: 'SGSIN' })
    expect(sailingLegOf(input({ events: [event({}), arrived] }))).toBeNull()
    expect(sailingLegOf(input({ sailing: false }))).toBeNull()
    expect(sailingLegOf(input({ vessels: [] }))).toBeNull()
  })
})
