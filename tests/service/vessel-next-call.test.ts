import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ShipmentSchema } from '../../src/contract/shipments'
import { VesselMapDocumentSchema } from '../../src/contract/vessels'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('the map names each vessel’s next port call, on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 60 })
  })
  afterAll(() => service?.stop())

  it('takes the next call from the one schedule, at the time the shipments calling there carry', async () => {
    const response = await service.get('/v2/vessels?filter[carrying]=active&include=shipments')
    expect(response.status).toBe(200)
    const document = parsed(VesselMapDocumentSchema, response.body)
    const shipments = new Map(
      (document.included ?? [])
        .filter((r) => r.type === 'shipment')
        .map((r) => [r.id, ShipmentSchema.parse(r).attributes]),
    )
    let discharging = 0
    let onTheWay = 0
    for (const vessel of document.data) {
      const a = vessel.attributes
      const call = a.next_call!
      expect(call.locode, a.name ?? '').toMatch(/^[A-Z]{5}$/)
      expect(call.name).toBeTruthy()
      expect(call.time_zone).toBeTruthy()
      const arrives = Date.parse(call.arrives_at!)
      expect(arrives).toBeGreaterThan(NOW.getTime())
      if (call.locode === a.next_port?.locode) expect(call.arrives_at).toBe(a.eta_range?.likely)
      else {
        // a call on the way comes before the leg's end
        onTheWay += 1
        expect(arrives).toBeLessThan(Date.parse(a.arrives_at!))
      }
      // every shipment aboard discharged at that call is due there when the map says
      for (const { id } of vessel.relationships?.shipments?.data ?? []) {
        const shipment = shipments.get(id)!
        if (shipment.port_of_discharge_locode !== call.locode) continue
        discharging += 1
        expect(call.is_port_of_discharge).toBe(true)
        expect(shipment.pod_eta_at, `${a.name} at ${call.locode}`).toBe(call.arrives_at)
      }
    }
    expect(discharging).toBeGreaterThan(0)
    expect(onTheWay).toBeGreaterThan(0)
  })
})
