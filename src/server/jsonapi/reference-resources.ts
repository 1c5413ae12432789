import { iso } from '../storage/iso-time'
import type { Port, ShippingLine, Terminal, Vessel } from '../storage/reference-store'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

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

const TERMINAL_DATA = [
  'pickup_lfd',
  'pod_full_out_at',
  'available_for_pickup',
  'fees_at_pod_terminal',
  'holds_at_pod_terminal',
  'pickup_appointment_at',
  'location_at_pod_terminal',
  'pod_full_out_chassis_number',
] as const
const TERMINAL_PROVIDED_DATA = Object.fromEntries(
  TERMINAL_DATA.flatMap((name) => [
    [name, true],
    [`${name}_notes`, ''],
  ]),
)

export const terminalResource: ResourceDefinition<Terminal> = {
  type: 'terminal',
  self: (row) => `/v2/terminals/${row.id}`,
  attributes: (row) => ({
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    firms_code: row.firms_code,
    smdg_code: row.smdg_code,
    bic_facility_code: row.bic_facility_code,
    // the simulated terminal reports all of it
    provided_data: TERMINAL_PROVIDED_DATA,
    street: row.street,
    city: row.city,
    state: row.state,
    state_abbr: row.state_abbr,
    zip: row.zip,
    country: row.country,
    facility_type: 'ocean_terminal',
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
    tracking_url: row.tracking_url,
    contact_url: row.contact_url,
    provided_data: { bill_of_lading: true, booking_number: true, container_number: true, vessel_eta: true },
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.reference.shippingLinesByIds(ids),
}
