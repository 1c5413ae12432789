import { describe, expect, it } from 'vitest'
import { relatedId, rowFromAttributes } from './mirror-rows'
import { containers } from './schema'

describe('a row from an upstream resource', () => {
  it('reads attributes tolerantly: numbers as strings, unreadable times as unknown, unknown attributes left out', () => {
    const row = rowFromAttributes(containers, {
      id: 'c1',
      type: 'container',
      attributes: {
        number: 'MSCU1234565',
        weight_in_lbs: '41000.4',
        equipment_length: 'forty',
        pod_arrived_at: 'yesterday',
        pod_discharged_at: '2026-11-20T10:00:00Z',
        ind_facility_lfd_on: '2026-11-28',
        holds_at_pod_terminal: null,
        available_for_pickup: null,
        a_new_attribute: 'kept upstream only',
        id: 'not this one',
      },
    })
    expect(row).toEqual({
      number: 'MSCU1234565',
      weight_in_lbs: 41000,
      equipment_length: null,
      pod_arrived_at: null,
      pod_discharged_at: new Date('2026-11-20T10:00:00Z'),
      ind_facility_lfd_on: '2026-11-28',
      holds_at_pod_terminal: [],
      available_for_pickup: false,
    })
  })

  it('sets nothing a resource does not say, and refuses a required column it leaves empty', () => {
    expect(
      rowFromAttributes(containers, { id: 'c1', type: 'container', attributes: { number: null } }),
    ).toEqual({})
    expect(rowFromAttributes(containers, { id: 'c1', type: 'container' })).toEqual({})
  })

  it('reads a relationship id only when it names one', () => {
    const resource = {
      id: 's1',
      type: 'shipment',
      relationships: {
        customer: { data: { type: 'party', id: 'p1' } },
        pod_vessel: { data: null },
        containers: { data: [] },
      },
    }
    expect(relatedId(resource, 'customer')).toBe('p1')
    expect(relatedId(resource, 'pod_vessel')).toBeNull()
    expect(relatedId(resource, 'containers')).toBeNull()
    expect(relatedId(resource, 'missing')).toBeNull()
  })
})
