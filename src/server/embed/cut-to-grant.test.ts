import { describe, expect, it } from 'vitest'
import { cutDocument } from './cut-to-grant'

const shipment = {
  id: 's1',
  type: 'shipment',
  attributes: {
    bill_of_lading_number: 'B1',
    customer_name: 'Acme',
    pod_vessel_name: 'EVER',
    secret_new_field: 1,
  },
  relationships: {
    containers: { data: [{ type: 'container', id: 'c1' }] },
    customer: { data: { type: 'party', id: 'p1' } },
  },
  links: { self: '/v2/shipments/s1' },
}
const container = {
  id: 'c1',
  type: 'container',
  attributes: { number: 'C1', fees_at_pod_terminal: [{ amount: 5 }], holds_at_pod_terminal: [] },
  relationships: {
    transport_events: { data: [{ type: 'transport_event', id: 'e1' }] },
    pod_terminal: { data: null },
  },
}
const event = {
  id: 'e1',
  type: 'transport_event',
  attributes: { event: 'x', timestamp: 't', vessel_id: 'v' },
}
const party = { id: 'p1', type: 'party', attributes: { company_name: 'Acme' } }

describe('cutting a document to what a token shares', () => {
  it('keeps only the basics when nothing more is shared: no new attribute, relationship, link or included type', () => {
    const cut = cutDocument({ data: shipment, included: [container, event, party] }, [])
    expect(cut.data).toEqual({
      id: 's1',
      type: 'shipment',
      attributes: { bill_of_lading_number: 'B1' },
      relationships: { containers: { data: [{ type: 'container', id: 'c1' }] } },
    })
    expect(cut.included).toEqual([
      { id: 'c1', type: 'container', attributes: { number: 'C1' }, relationships: {} },
    ])
  })

  it('adds each shared group, and events only with the timeline', () => {
    const cut = cutDocument({ data: [shipment], included: [container, event] }, [
      'fees',
      'references',
      'timeline',
    ])
    const [data] = cut.data as { attributes: Record<string, unknown> }[]
    expect(data.attributes).toEqual({ bill_of_lading_number: 'B1', customer_name: 'Acme' })
    expect(cut.included[0].attributes).toEqual({ number: 'C1', fees_at_pod_terminal: [{ amount: 5 }] })
    expect(cut.included[0].relationships).toEqual({
      transport_events: { data: [{ type: 'transport_event', id: 'e1' }] },
    })
    expect(cut.included[1].attributes).toEqual({ event: 'x', timestamp: 't' })
  })
})
