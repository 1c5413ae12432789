import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VesselMapDocumentSchema, VesselWithPositionsDocumentSchema } from '../../src/contract/vessels'
import { planningReferenceLoader } from '../../src/server/tracking/engine'
import { knotsBetween } from '../../src/server/tracking/leg-track'
import { fleetOf } from '../../src/server/tracking/plan-shipment'
import { fleetPositions } from '../../src/server/tracking/vessel-positions'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, OTHER_KEY, parsed, type Service, startService } from './harness'

const HOUR = 3_600_000
const REPORTS = [0, 6, 12].map((hours) => NOW.getTime() + hours * HOUR)

describe.each(DATABASE_KINDS)('the engine moves the whole fleet on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    // a small demo: most of the fleet's vessels carry none of it
    service = await startService(kind, { shipments: 8 })
    const engine = service.engine({ newId: randomUUID })
    for (const [n, at] of REPORTS.entries()) {
      if (n > 0) service.advance(at - REPORTS[n - 1])
      await engine.tick()
    }
  })
  afterAll(() => service?.stop())

  const history = async (vesselId: string) => {
    const from = new Date(REPORTS[0] - HOUR).toISOString()
    const to = new Date(REPORTS.at(-1)! + HOUR).toISOString()
    const response = await service.get(
      `/v2/vessels/${vesselId}?show_positions[from_timestamp]=${from}&show_positions[to_timestamp]=${to}`,
    )
    expect(response.status).toBe(200)
    return parsed(VesselWithPositionsDocumentSchema, response.body).data.attributes.positions ?? []
  }

  it('reports every vessel where its rotation has it, carrying cargo or not, one place at a time', async () => {
    const fleet = fleetOf(await planningReferenceLoader(service.storage)())
    const carrying = new Set<string>()
    for (const key of [undefined, OTHER_KEY])
      for (const vessel of parsed(
        VesselMapDocumentSchema,
        (await service.get('/v2/vessels?filter[carrying]=active', key)).body,
      ).data)
        carrying.add(vessel.id)
    const idle = fleet.vessels.filter((v) => !carrying.has(v.id))
    expect(idle.length).toBeGreaterThan(fleet.vessels.length / 2)
    let sailingEmpty = 0
    for (const vessel of fleet.vessels) {
      const positions = await history(vessel.id)
      // one report per quarter hour reported, each where the one schedule puts the vessel then
      expect(positions.map((p) => Date.parse(p.timestamp!))).toEqual(REPORTS)
      for (const [n, p] of positions.entries()) {
        const scheduled = fleetPositions(fleet, REPORTS[n]).get(vessel.id)!
        expect([p.latitude, p.longitude]).toEqual([scheduled.latitude, scheduled.longitude])
        if (n > 0) {
          const before = positions[n - 1]
          const knots = knotsBetween(
            [before.latitude!, before.longitude!],
            [p.latitude!, p.longitude!],
            6 * HOUR,
          )
          expect(knots).toBeLessThanOrEqual(30)
        }
      }
      const moved =
        positions[0].latitude !== positions[2].latitude || positions[0].longitude !== positions[2].longitude
      if (!carrying.has(vessel.id) && moved) sailingEmpty++
    }
    // vessels with none of the demo's containers aboard still sail their rotations
    expect(sailingEmpty).toBeGreaterThan(0)
  })
})
