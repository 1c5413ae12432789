import { z } from 'zod/mini'
import { listDocument, looseBoolean, resource, singleDocument } from './document'

export const ShippingLineSchema = resource(
  'shipping_line',
  {
    scac: z.string(),
    name: z.nullish(z.string()),
    short_name: z.nullish(z.string()),
    alternative_scacs: z.nullish(z.array(z.string())),
    bill_of_lading_tracking_support: z.nullish(looseBoolean),
    booking_number_tracking_support: z.nullish(looseBoolean),
    container_number_tracking_support: z.nullish(looseBoolean),
  },
  {},
)
export type ShippingLine = z.infer<typeof ShippingLineSchema>
export const ShippingLineDocumentSchema = singleDocument(ShippingLineSchema)
export const ShippingLineListDocumentSchema = listDocument(ShippingLineSchema)
