import { z } from 'zod/mini'
import { listDocument, looseInteger, openEnum, resource, singleDocument, timestamp } from './document'

export const EMBED_SCOPE_KINDS = ['shipments', 'customer', 'tag', 'track_by_number'] as const
export type EmbedScopeKind = (typeof EMBED_SCOPE_KINDS)[number]

/** Anything not in a shared group is absent from every embed answer. */
export const EMBED_FIELD_GROUPS = [
  'vessel',
  'references',
  'holds',
  'last_free_day',
  'fees',
  'timeline',
] as const
export type EmbedFieldGroup = (typeof EMBED_FIELD_GROUPS)[number]

export const EMBED_ATTRIBUTES: Record<'base' | EmbedFieldGroup, Record<string, readonly string[]>> = {
  base: {
    shipment: [
      'bill_of_lading_number',
      'normalized_number',
      'shipping_line_scac',
      'shipping_line_name',
      'shipping_line_short_name',
      'port_of_lading_locode',
      'port_of_lading_name',
      'port_of_discharge_locode',
      'port_of_discharge_name',
      'destination_locode',
      'destination_name',
      'destination_timezone',
      'pol_timezone',
      'pod_timezone',
      'pol_etd_at',
      'pol_atd_at',
      'pod_eta_at',
      'pod_ata_at',
      'destination_eta_at',
      'destination_ata_at',
      'line_tracking_stopped_at',
    ],
    container: [
      'number',
      'equipment_type',
      'equipment_length',
      'equipment_height',
      'current_status',
      'pol_vessel_departed_at',
      'pod_arrived_at',
      'pod_discharged_at',
      'pod_full_out_at',
      'empty_terminated_at',
      'available_for_pickup',
      'availability_known',
      'pod_timezone',
      'final_destination_timezone',
    ],
    port: ['name', 'code', 'country_code', 'time_zone'],
  },
  vessel: {
    shipment: [
      'pod_vessel_name',
      'pod_vessel_imo',
      'pod_voyage_number',
      'transshipment_locode',
      'transshipment_name',
    ],
  },
  references: {
    shipment: ['ref_numbers', 'tags', 'customer_name'],
    container: ['ref_numbers', 'seal_number'],
  },
  holds: { container: ['holds_at_pod_terminal'] },
  // so the widget says "unconfirmed" as the dashboard does; not the sources, which name documents and people
  last_free_day: {
    container: [
      'pickup_lfd',
      'import_deadlines',
      'ssl_lfd',
      'pickup_appointment_at',
      'pickup_lfd_source',
      'pickup_lfd_checked_at',
    ],
  },
  // the empty's deadline and its detention are money too: shared with the fees
  fees: { container: ['fees_at_pod_terminal', 'empty_return_deadline', 'detention_tariff'] },
  timeline: { transport_event: ['event', 'timestamp', 'location_locode', 'timezone'] },
}

export const EmbedScopeSchema = z.object({
  kind: z.enum(EMBED_SCOPE_KINDS),
  shipment_ids: z.optional(z.array(z.uuid()).check(z.minLength(1), z.maxLength(500))),
  customer_id: z.optional(z.uuid()),
  tag: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
})
export type EmbedScope = z.infer<typeof EmbedScopeSchema>

const ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i
/** The shape alone lets through a port over 65535, http://[:::], http://999.1.1.1. */
const isOrigin = (value: string) => {
  if (!ORIGIN.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

export const EmbedTokenSchema = resource(
  'embed_token',
  {
    name: z.nullish(z.string()),
    token_prefix: z.nullish(z.string()),
    token: z.nullish(z.string()),
    scope: z.nullish(
      z.looseObject({
        kind: openEnum(EMBED_SCOPE_KINDS),
        shipment_ids: z.nullish(z.array(z.string())),
        customer_id: z.nullish(z.string()),
        tag: z.nullish(z.string()),
      }),
    ),
    fields: z.nullish(z.array(openEnum(EMBED_FIELD_GROUPS))),
    allowed_origins: z.nullish(z.array(z.string())),
    expires_at: z.nullish(timestamp),
    revoked_at: z.nullish(timestamp),
    created_at: z.nullish(timestamp),
    last_used_at: z.nullish(timestamp),
    use_count: z.nullish(looseInteger),
  },
  {},
)
export type EmbedToken = z.infer<typeof EmbedTokenSchema>
export const EmbedTokenDocumentSchema = singleDocument(EmbedTokenSchema)
export const EmbedTokenListDocumentSchema = listDocument(EmbedTokenSchema)

export const EmbedTokenCreateSchema = z.object({
  data: z.object({
    type: z.literal('embed_token'),
    attributes: z.strictObject({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      scope: EmbedScopeSchema,
      fields: z.optional(z.array(z.enum(EMBED_FIELD_GROUPS)).check(z.maxLength(EMBED_FIELD_GROUPS.length))),
      allowed_origins: z
        .array(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(200),
              z.refine(isOrigin, 'Expected an origin such as https://portal.example.com'),
            ),
        )
        .check(z.minLength(1, 'Name at least one origin'), z.maxLength(20)),
      expires_at: z.iso.datetime({ offset: true }),
    }),
  }),
})
export type EmbedTokenCreate = z.infer<typeof EmbedTokenCreateSchema>

export const EmbedGrantSchema = resource(
  'embed_grant',
  {
    scope_kind: openEnum(EMBED_SCOPE_KINDS),
    fields: z.array(openEnum(EMBED_FIELD_GROUPS)),
    allowed_origins: z.array(z.string()),
    expires_at: z.nullish(timestamp),
    state: openEnum(['active', 'revoked', 'expired']),
  },
  {},
)
export const EmbedGrantDocumentSchema = singleDocument(EmbedGrantSchema)
