import { describe, expect, it } from 'vitest'
import { ShipmentSchema } from '../../../contract/shipments'
import { customFilterHolds, ignoredByServer } from './list-verification'
import { listParamsFrom } from './shipment-queries'

const row = (attributes: Record<string, unknown>, customer?: string) => ({
  shipment: ShipmentSchema.parse({
    id: crypto.randomUUID(),
    type: 'shipment',
    attributes,
    relationships: customer ? { customer: { data: { id: customer, type: 'party' } } } : {},
  }),
  containers: [],
})
const params = (query: string) => listParamsFrom(new URLSearchParams(query))

describe('ignoredByServer', () => {
  it('names each filter that a returned row breaks', () => {
    const rows = [
      row({ shipping_line_scac: 'MAEU', port_of_discharge_locode: 'USLAX', tags: ['promo'] }),
      row({ shipping_line_scac: 'MSCU', port_of_discharge_locode: 'USLAX', tags: [] }),
    ]
    expect(ignoredByServer(params('carrier=maeu&pod=uslax&tag=promo'), rows)).toEqual(['carrier', 'tag'])
  })

  it('finds nothing wrong when every row honours the filters, or when there are no rows', () => {
    const rows = [row({ line_tracking_stopped_at: '2026-01-01T00:00:00Z' }, 'p1')]
    expect(ignoredByServer(params('stopped=true&customer=p1'), rows)).toEqual([])
    expect(ignoredByServer(params('stopped=false&carrier=MAEU'), [])).toEqual([])
    expect(ignoredByServer(params('stopped=false'), rows)).toEqual(['tracking stopped'])
  })

  it('accepts a search that matched a reference or container number', () => {
    const rows = [row({ bill_of_lading_number: 'MEDU1', ref_numbers: ['PO-77'] })]
    expect(ignoredByServer(params('q=po-77'), rows)).toEqual([])
    expect(ignoredByServer(params('q=PO-78'), rows)).toEqual(['search'])
  })

  it("accepts a search that matched the customer's or the vessel's name", () => {
    const rows = [row({ customer_name: 'Northwind Traders' }), row({ pod_vessel_name: 'HYUNDAI DREAM' })]
    expect(ignoredByServer(params('q=northw'), rows.slice(0, 1))).toEqual([])
    expect(ignoredByServer(params('q=hyundai+dream'), rows.slice(1))).toEqual([])
    expect(ignoredByServer(params('q=northw'), rows)).toEqual(['search'])
  })

  it('notices a sort the server ignored, with empty values allowed only at the end', () => {
    const etas = (...values: (string | null)[]) => values.map((v) => row({ pod_eta_at: v }))
    const sorted = etas('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', null)
    expect(ignoredByServer(params('sort=pod_eta_at'), sorted)).toEqual([])
    expect(ignoredByServer(params('sort=-pod_eta_at'), sorted)).toEqual(['sort order'])
    expect(ignoredByServer(params('sort=pod_eta_at'), etas(null, '2026-01-01T00:00:00Z'))).toEqual([
      'sort order',
    ])
  })

  it('does not mistake a database collation for an ignored sort', () => {
    const vessels = ['YM WELLNESS', 'YMLU STAR'].map((name) => row({ pod_vessel_name: name }))
    expect(ignoredByServer(params('sort=pod_vessel_name'), vessels)).toEqual([])
  })
})

describe('custom field filters in the list check', () => {
  it.each([
    ['east', 'east,north', true],
    ['west', 'east,north', false],
    [['cold', 'hazmat'], 'hazmat', true],
    [1500, '1000..2000', true],
    [900, '1000..', false],
    ['2026-03-01', '..2026-02-28', false],
    [true, 'true', true],
    [null, 'east', false],
  ])('reads %j against %j as %s', (value, filter, holds) => {
    expect(customFilterHolds(value, filter)).toBe(holds)
  })

  it('names a custom filter a server ignored, and judges no row that does not carry its values', () => {
    const carrying = { ...row({}), fields: { lane: 'west' } }
    expect(ignoredByServer(params('cf.lane=east'), [carrying])).toEqual(['lane'])
    expect(ignoredByServer(params('cf.lane=east'), [row({})])).toEqual([])
  })
})
