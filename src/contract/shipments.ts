import { z } from 'zod/mini'
import { listDocument, looseInteger, resource, singleDocument, timestamp, toMany, toOne } from './document'

export const ShipmentAttributes = {
  created_at: z.nullish(timestamp),
  ref_numbers: z.nullish(z.array(z.string())),
  tags: z.nullish(z.array(z.string())),
  bill_of_lading_number: z.nullish(z.string()),
  normalized_number: z.nullish(z.string()),
  shipping_line_scac: z.nullish(z.string()),
  shipping_line_name: z.nullish(z.string()),
  shipping_line_short_name: z.nullish(z.string()),
  customer_name: z.nullish(z.string()),
  port_of_lading_locode: z.nullish(z.string()),
  port_of_lading_name: z.nullish(z.string()),
  port_of_discharge_locode: z.nullish(z.string()),
  port_of_discharge_name: z.nullish(z.string()),
  pod_vessel_name: z.nullish(z.string()),
  pod_vessel_imo: z.nullish(z.string()),
  pod_voyage_number: z.nullish(z.string()),
  destination_locode: z.nullish(z.string()),
  destination_name: z.nullish(z.string()),
  destination_timezone: z.nullish(z.string()),
  destination_ata_at: z.nullish(timestamp),
  destination_eta_at: z.nullish(timestamp),
  pol_etd_at: z.nullish(timestamp),
  pol_original_etd_at: z.nullish(timestamp),
  pol_atd_at: z.nullish(timestamp),
  pol_timezone: z.nullish(z.string()),
  pod_timezone: z.nullish(z.string()),
  pod_eta_at: z.nullish(timestamp),
  pod_original_eta_at: z.nullish(timestamp),
  destination_original_eta_at: z.nullish(timestamp),
  pod_ata_at: z.nullish(timestamp),
  transshipment_locode: z.nullish(z.string()),
  transshipment_name: z.nullish(z.string()),
  line_tracking_last_attempted_at: z.nullish(timestamp),
  line_tracking_last_succeeded_at: z.nullish(timestamp),
  line_tracking_stopped_at: z.nullish(timestamp),
  line_tracking_stopped_reason: z.nullish(z.string()),
  /** Send it back as `If-Match` so an edit never overwrites another. */
  version: z.optional(looseInteger),
  upstream_checked_at: z.nullish(z.string()),
}

export const ShipmentSchema = resource('shipment', ShipmentAttributes, {
  port_of_lading: z.optional(toOne),
  port_of_discharge: z.optional(toOne),
  pod_terminal: z.optional(toOne),
  destination: z.optional(toOne),
  destination_terminal: z.optional(toOne),
  pod_vessel: z.optional(toOne),
  customer: z.optional(toOne),
  line_tracking_stopped_by_user: z.optional(toOne),
  containers: z.optional(toMany),
  custom_fields: z.optional(toMany),
})
export type Shipment = z.infer<typeof ShipmentSchema>

export const ShipmentDocumentSchema = singleDocument(ShipmentSchema)
export const ShipmentListDocumentSchema = listDocument(ShipmentSchema)

export const ShipmentPatchSchema = z.object({
  data: z.object({
    type: z.literal('shipment'),
    id: z.optional(z.string()),
    attributes: z.optional(
      z.strictObject({
        ref_numbers: z.optional(
          z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
        ),
        tags: z.optional(
          z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
        ),
      }),
    ),
  }),
})
export type ShipmentPatch = z.infer<typeof ShipmentPatchSchema>
