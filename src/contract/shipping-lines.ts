import { z } from 'zod'
import { listDocument, looseBoolean, resource, singleDocument } from './document'

export const ShippingLineSchema = resource(
  'shipping_line',
  {
    scac: z.string(),
    name: z.string().nullish(),
    short_name: z.string().nullish(),
    alternative_scacs: z.array(z.string()).nullish(),
    bill_of_lading_tracking_support: looseBoolean.nullish(),
    booking_number_tracking_support: looseBoolean.nullish(),
    container_number_tracking_support: looseBoolean.nullish(),
  },
  {},
)
export type ShippingLine = z.infer<typeof ShippingLineSchema>
export const ShippingLineDocumentSchema = singleDocument(ShippingLineSchema)
export const ShippingLineListDocumentSchema = listDocument(ShippingLineSchema)
