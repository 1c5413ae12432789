import type { Port } from '../storage/reference-store'
import { stableUuid } from '../tracking/stable-id'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

/** The same on every machine. */
export const metroAreaId = (code: string) => stableUuid('metro_area', code)

export const metroAreaOf = (port: Port) => ({ ...port, id: metroAreaId(port.code) })

/** Quayside knows a metro area for every port it knows. */
export const metroAreaResource: ResourceDefinition<Port> = {
  type: 'metro_area',
  self: (row) => `/v2/metro_areas/${row.id}`,
  attributes: (row) => ({
    name: row.city ?? row.name,
    code: row.code,
    state_abbr: row.state_abbr,
    country_code: row.country_code,
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
  }),
  relationships: {},
  loadByIds: async (ctx: Ctx, ids) => {
    const wanted = new Set(ids)
    return (await ctx.storage.reference.allPorts()).map(metroAreaOf).filter((area) => wanted.has(area.id))
  },
}
