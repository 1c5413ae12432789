import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { ShipmentSchema } from '../../../contract/shipments'
import { searchMatch } from './search-match'

const row = (attributes: Record<string, unknown>, containerNumbers: string[] = []) => ({
  shipment: ShipmentSchema.parse({ id: 's1', type: 'shipment', attributes }),
  containers: containerNumbers.map((number, i) =>
    ContainerSchema.parse({ id: `c${i}`, type: 'container', attributes: { number } }),
  ),
})

describe('searchMatch', () => {
  const shipment = row(
    {
      bill_of_lading_number: 'MEDU123456',
      ref_numbers: ['PO-77'],
      customer_name: 'Northwind Traders',
      pod_vessel_name: 'HYUNDAI DREAM',
    },
    ['MSKU1234565'],
  )

  it('names the number that holds the query: bill of lading, reference or container', () => {
    expect(searchMatch(shipment, 'medu12')).toEqual({ on: 'bill of lading', text: 'MEDU123456' })
    expect(searchMatch(shipment, 'po-7')).toEqual({ on: 'reference', text: 'PO-77' })
    expect(searchMatch(shipment, '1234565')).toEqual({ on: 'container', text: 'MSKU1234565' })
  })

  it('names the customer or the vessel whose name holds each word, in any case', () => {
    expect(searchMatch(shipment, 'northw')).toEqual({ on: 'customer', text: 'Northwind Traders' })
    expect(searchMatch(shipment, 'dream hyundai')).toEqual({ on: 'vessel', text: 'HYUNDAI DREAM' })
  })

  it('finds no reason for a query the shipment does not hold', () => {
    expect(searchMatch(shipment, 'hyundai hope')).toBeUndefined()
    expect(searchMatch(shipment, '  ')).toBeUndefined()
  })
})
