import { describe, expect, it } from 'vitest'
import { ShipmentSchema } from '../../../contract/shipments'
import { etaChange } from './eta-change'

const shipment = (pod_eta_at: string | null, pod_original_eta_at: string | null) =>
  ShipmentSchema.parse({ id: 's1', type: 'shipment', attributes: { pod_eta_at, pod_original_eta_at } })

describe('etaChange', () => {
  it('says how much later or earlier the ETA is than the first one, in hours under a day', () => {
    expect(etaChange(shipment('2026-03-04T00:00:00Z', '2026-03-01T00:00:00Z'))).toBe(
      '+3 d vs original (later)',
    )
    expect(etaChange(shipment('2026-03-01T00:00:00Z', '2026-03-01T06:00:00Z'))).toBe(
      '−6 h vs original (earlier)',
    )
  })

  it('says nothing when the ETA has not moved or either is missing', () => {
    expect(etaChange(shipment('2026-03-01T00:10:00Z', '2026-03-01T00:00:00Z'))).toBeUndefined()
    expect(etaChange(shipment(null, '2026-03-01T00:00:00Z'))).toBeUndefined()
  })
})
