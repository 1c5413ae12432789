import { describe, expect, it } from 'vitest'
import { SearchResultSchema } from '../../../contract/search-results'
import { destinationFor } from './go-to-destination'

const result = (id: string, entity_type: string, number: string, extra: Record<string, unknown> = {}) =>
  SearchResultSchema.parse({ id, type: 'search_result', attributes: { entity_type, number, ...extra } })

describe('where the go-to box leads', () => {
  it('opens an exact container number, whatever its case', () => {
    expect(destinationFor('mscu1234566', [result('c1', 'cargo', 'MSCU1234566')])).toBe('/containers/c1')
  })

  it('opens the shipment of a bill of lading or of a reference only one shipment has', () => {
    expect(destinationFor('MEDU1', [result('s1', 'shipment', 'MEDU1')])).toBe('/shipments/s1')
    expect(destinationFor('PO-7', [result('s1', 'shipment', 'MEDU1', { ref_numbers: ['PO-7'] })])).toBe(
      '/shipments/s1',
    )
    const shared = [
      result('s1', 'shipment', 'MEDU1', { ref_numbers: ['PO-7'] }),
      result('s2', 'shipment', 'MEDU2', { ref_numbers: ['PO-7'] }),
    ]
    expect(destinationFor('PO-7', shared)).toBe('/shipments?q=PO-7')
  })

  it('opens a tracking request until it has a shipment, and searches the list for anything else', () => {
    expect(destinationFor('X1', [result('t1', 'tracking_request', 'X1')])).toBe('/tracking-requests/t1')
    expect(destinationFor('X1', [result('t1', 'tracking_request', 'X1', { shipment_id: 's9' })])).toBe(
      '/shipments/s9',
    )
    expect(destinationFor('MSCU12', [result('c1', 'cargo', 'MSCU1234566')])).toBe('/shipments?q=MSCU12')
  })
})
