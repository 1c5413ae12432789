import { describe, expect, it } from 'vitest'
import { ContainerDocumentSchema } from '../../contract/containers'
import { PortSchema } from '../../contract/ports'
import { ShipmentSchema } from '../../contract/shipments'
import { createIncludeGraph } from './include-graph'

const document = ContainerDocumentSchema.parse({
  data: {
    id: 'c1',
    type: 'container',
    attributes: { number: 'MSCU1234566' },
    relationships: { shipment: { data: { id: 's1', type: 'shipment' } } },
  },
  included: [
    {
      id: 's1',
      type: 'shipment',
      attributes: {},
      relationships: { port_of_discharge: { data: { id: 'p1', type: 'port' } } },
    },
    { id: 'p1', type: 'port', attributes: { name: 'Los Angeles', latitude: '33.7' } },
  ],
})

describe('the include graph', () => {
  it('follows container -> shipment -> port, parsing each by its contract', () => {
    const graph = createIncludeGraph(document)
    const shipment = graph.one(document.data, 'shipment', ShipmentSchema)!
    const port = graph.one(shipment, 'port_of_discharge', PortSchema)!
    expect(port.attributes.name).toBe('Los Angeles')
    expect(port.attributes.latitude).toBeCloseTo(33.7)
  })

  it('gives nothing for a relationship that was not included', () => {
    const graph = createIncludeGraph(document)
    expect(graph.one(document.data, 'pod_terminal', PortSchema)).toBeUndefined()
    expect(graph.many(document.data, 'transport_events', PortSchema)).toEqual([])
  })
})

describe('the include graph with a malformed include', () => {
  it('leaves out a resource that fails its schema instead of throwing', () => {
    const graph = createIncludeGraph({
      data: {
        id: 'c1',
        type: 'container',
        relationships: { shipment: { data: { id: 's1', type: 'shipment' } } },
      },
      included: [{ id: 's1', type: 'shipment', attributes: { pod_eta_at: 42 } }],
    })
    expect(
      graph.one(
        { relationships: { shipment: { data: { id: 's1', type: 'shipment' } } } },
        'shipment',
        ShipmentSchema,
      ),
    ).toBeUndefined()
  })
})
