import { describe, expect, it } from 'vitest'
import { parseInclude } from './include-paths'

describe('parseInclude', () => {
  it('builds a tree from nested paths', () => {
    const tree = parseInclude('containers.transport_events,containers.shipment,pod_terminal')
    expect([...tree.keys()]).toEqual(['containers', 'pod_terminal'])
    expect([...tree.get('containers')!.keys()]).toEqual(['transport_events', 'shipment'])
  })

  it('uses the fallback only when the parameter is absent', () => {
    expect([...parseInclude(undefined, ['documents']).keys()]).toEqual(['documents'])
    expect(parseInclude('', ['documents']).size).toBe(0)
  })

  it('refuses a path with characters no relationship has', () => {
    expect(() => parseInclude('containers;drop')).toThrowError(/not a relationship path/)
  })
})
