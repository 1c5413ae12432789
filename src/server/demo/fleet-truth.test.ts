import { describe, expect, it } from 'vitest'
import { fleetTruth, type Generated } from '../../../tests/support/fleet-truth'
import { fleetOf } from '../tracking/plan-shipment'
import { seededRandom } from '../tracking/seeded-random'
import { CUSTOMERS, demoShipments, planningReferenceFrom } from './generate-shipment'
import { referenceRows } from './reference-rows'

const reference = referenceRows()
const planning = planningReferenceFrom(reference)
const fleet = fleetOf(planning)

/** The demo account's shipments as the loader makes them at `now` (same seed, same order). */
function demo(now: Date, count: number) {
  const accountId = '00000000-0000-4000-8000-00000000d3e0'
  const random = seededRandom(`quayside:${accountId}:${now.toISOString().slice(0, 10)}`)
  random.uuid() // the demo user
  const customers = CUSTOMERS.map((company_name) => ({ id: random.uuid(), company_name }))
  const next = demoShipments({ accountId, now, reference, planning, customers, random, count })
  const shipments: Generated[] = Array.from({ length: count }, next)
  return shipments
}

describe('one fleet, one schedule', () => {
  for (const date of ['2026-11-22T12:00:00Z', '2027-03-14T06:30:00Z', '2027-08-01T23:50:00Z'])
    it(`holds over the whole demo at ${date}`, () => {
      const now = new Date(date)
      const result = fleetTruth(fleet, demo(now, 300), now.getTime())
      expect(result.problems.slice(0, 10)).toEqual([])
      // the demo's 300 shipments share the fleet's sailings rather than each making its own
      expect(result.voyages).toBeLessThan(80)
      expect(result.vessels).toBeGreaterThan(15)
    })

  it('sails container ships at their class speeds, 15 to 20 knots', () => {
    for (const vessel of fleet.vessels) expect(vessel.knots).toBeGreaterThanOrEqual(14)
    for (const vessel of fleet.vessels) expect(vessel.knots).toBeLessThanOrEqual(22)
  })

  it('finds a shipment whose times leave its voyage, and a vessel made to be in two oceans', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    const shipments = demo(now, 300)
    const [a, b] = shipments.filter((s) => s.plan.legs.length === 1 && !s.plan.transshipment)
    const late = structuredClone(a)
    late.plan.legs[0].arriveAt += 3_600_000
    expect(fleetTruth(fleet, [...shipments, late], now.getTime()).problems.join('\n')).toMatch(
      /differs from its schedule/,
    )
    const other = fleet.vessels.find(
      (v) =>
        v.id !== b.plan.legs[0].vessel.id &&
        v.service.name !== fleet.byId.get(b.plan.legs[0].vessel.id)?.service.name,
    )!
    const moved = structuredClone(b)
    moved.plan.legs[0].vessel = { id: other.id, name: other.name, imo: other.imo }
    const problems = fleetTruth(fleet, [...shipments, moved], now.getTime()).problems.join('\n')
    expect(problems).toMatch(/knots between|two places|at once/)
  })

  it('finds an event shown as happened that lies in the future', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    const [first] = demo(now, 1)
    const early = structuredClone(first)
    early.containers[0].empty_out_at = new Date(now.getTime() + 3_600_000)
    expect(fleetTruth(fleet, [early], now.getTime()).problems).toEqual([
      `container ${early.containers[0].number} empty_out_at is in the future`,
    ])
  })
})
