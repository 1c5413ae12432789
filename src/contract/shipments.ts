import { z } from 'zod'
import { listDocument, resource, singleDocument, timestamp, toMany, toOne } from './document'

export const ShipmentAttributes = {
  created_at: timestamp.nullish(),
  ref_numbers: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  bill_of_lading_number: z.string().nullish(),
  normalized_number: z.string().nullish(),
  shipping_line_scac: z.string().nullish(),
  shipping_line_name: z.string().nullish(),
  shipping_line_short_name: z.string().nullish(),
  customer_name: z.string().nullish(),
  port_of_lading_locode: z.string().nullish(),
  port_of_lading_name: z.string().nullish(),
  port_of_discharge_locode: z.string().nullish(),
  port_of_discharge_name: z.string().nullish(),
  pod_vessel_name: z.string().nullish(),
  pod_vessel_imo: z.string().nullish(),
  pod_voyage_number: z.string().nullish(),
  destination_locode: z.string().nullish(),
  destination_name: z.string().nullish(),
  destination_timezone: z.string().nullish(),
  destination_ata_at: timestamp.nullish(),
  destination_eta_at: timestamp.nullish(),
  pol_etd_at: timestamp.nullish(),
  pol_original_etd_at: timestamp.nullish(),
  pol_atd_at: timestamp.nullish(),
  pol_timezone: z.string().nullish(),
  pod_timezone: z.string().nullish(),
  pod_eta_at: timestamp.nullish(),
  pod_original_eta_at: timestamp.nullish(),
  destination_original_eta_at: timestamp.nullish(),
  pod_ata_at: timestamp.nullish(),
  transshipment_locode: z.string().nullish(),
  line_tracking_last_attempted_at: timestamp.nullish(),
  line_tracking_last_succeeded_at: timestamp.nullish(),
  line_tracking_stopped_at: timestamp.nullish(),
  line_tracking_stopped_reason: z.string().nullish(),
}

export const ShipmentSchema = resource('shipment', ShipmentAttributes, {
  port_of_lading: toOne.optional(),
  port_of_discharge: toOne.optional(),
  pod_terminal: toOne.optional(),
  destination: toOne.optional(),
  destination_terminal: toOne.optional(),
  pod_vessel: toOne.optional(),
  customer: toOne.optional(),
  line_tracking_stopped_by_user: toOne.optional(),
  containers: toMany.optional(),
})
export type Shipment = z.infer<typeof ShipmentSchema>

export const ShipmentDocumentSchema = singleDocument(ShipmentSchema)
export const ShipmentListDocumentSchema = listDocument(ShipmentSchema)

/** Body of PATCH /shipments/{id}: only these attributes are writable. */
export const ShipmentPatchSchema = z.object({
  data: z.object({
    type: z.literal('shipment'),
    id: z.string().optional(),
    attributes: z
      .strictObject({
        ref_numbers: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
        tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
      })
      .optional(),
  }),
})
export type ShipmentPatch = z.infer<typeof ShipmentPatchSchema>
