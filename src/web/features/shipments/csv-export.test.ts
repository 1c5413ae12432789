import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { ShipmentSchema } from '../../../contract/shipments'
import { CSV_HEADER, csvLine } from './csv-export'

describe('the CSV export', () => {
  it('writes one line per shipment with as many cells as the header', () => {
    const shipment = ShipmentSchema.parse({
      id: 's1',
      type: 'shipment',
      attributes: {
        bill_of_lading_number: 'MEDU123',
        ref_numbers: ['PO-1', 'PO-2'],
        pod_timezone: 'America/Los_Angeles',
      },
    })
    const container = ContainerSchema.parse({
      id: 'c1',
      type: 'container',
      attributes: {
        number: 'MSCU1234566',
        current_status: 'not_available',
        pod_discharged_at: '2026-03-05T10:00:00Z',
        pod_timezone: 'America/Los_Angeles',
        pickup_lfd: '2026-03-10T07:00:00Z',
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
        fees_at_pod_terminal: [{ type: 'demurrage', amount: '150.5', currency_code: 'USD' }],
      },
    })
    const line = csvLine({ shipment, containers: [container] })
    expect(line.split(',')).toHaveLength(CSV_HEADER.length)
    expect(line).toContain('MEDU123,')
    expect(line).toContain('PO-1; PO-2')
    expect(line).toContain('2026-03-10')
    expect(line).toContain('150.50 USD')
    // one container on hold, counted as a container
    expect(line.split(',').at(-3)).toBe('1')
  })
})
