import type { ResourceDefinition } from '../http/render'
import type { Port, ShippingLine, Terminal, Vessel } from '../storage/reference-store'
import type { Ctx } from './context'
import { groupBy, iso } from './format'

export const portResource: ResourceDefinition<Port> = {
  type: 'port',
  self: (row) => `/v2/ports/${row.id}`,
  attributes: (row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    state_abbr: row.state_abbr,
    city: row.city,
    country_code: row.country_code,
    latitude: String(row.latitude),
    longitude: String(row.longitude),
    time_zone: row.time_zone,
  }),
  relationships: {
    terminals: {
      kind: 'many',
      target: 'terminal',
      load: async (ctx: Ctx, rows) =>
        groupBy(await ctx.storage.reference.terminalsByPortIds(rows.map((r) => r.id)), (t) => t.port_id),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.reference.portsByIds(ids),
}

export const terminalResource: ResourceDefinition<Terminal> = {
  type: 'terminal',
  self: (row) => `/v2/terminals/${row.id}`,
  attributes: (row) => ({
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    firms_code: row.firms_code,
    smdg_code: row.smdg_code,
    city: row.city,
    state: row.state,
    state_abbr: row.state_abbr,
    country: row.country,
    // a Quayside extension: the demurrage tariff the dashboard projects charges from
    demurrage_tariff: row.demurrage_tariff,
  }),
  relationships: { port: { kind: 'one', target: 'port', key: (row) => row.port_id } },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.reference.terminalsByIds(ids),
}

export const vesselResource: ResourceDefinition<Vessel> = {
  type: 'vessel',
  self: (row) => `/v2/vessels/${row.id}`,
  attributes: (row) => ({
    name: row.name,
    imo: row.imo,
    mmsi: row.mmsi,
    latitude: row.latitude,
    longitude: row.longitude,
    nautical_speed_knots: row.nautical_speed_knots,
    navigational_heading_degrees: row.navigational_heading_degrees,
    position_timestamp: iso(row.position_timestamp),
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.reference.vesselsByIds(ids),
}

export const shippingLineResource: ResourceDefinition<ShippingLine> = {
  type: 'shipping_line',
  self: (row) => `/v2/shipping_lines/${row.id}`,
  attributes: (row) => ({
    scac: row.scac,
    name: row.name,
    short_name: row.short_name,
    alternative_scacs: row.alternative_scacs,
    bill_of_lading_tracking_support: true,
    booking_number_tracking_support: true,
    container_number_tracking_support: true,
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.reference.shippingLinesByIds(ids),
}
