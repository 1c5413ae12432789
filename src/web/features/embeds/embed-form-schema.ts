import { z } from 'zod/mini'
import { EMBED_FIELD_GROUPS, EMBED_SCOPE_KINDS, type EmbedScope } from '../../../contract/embed-tokens'
import { shipmentIdsFor } from './embed-queries'

const ORIGIN = /^https?:\/\/[^/\s]+$/i
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

export const EmbedFormSchema = z
  .object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, 'Name the token, for example after the customer’s portal')),
    scope_kind: z.enum(EMBED_SCOPE_KINDS),
    shipment_numbers: z.array(z.string()),
    customer_id: z.string(),
    tag: z.string(),
    fields: z.array(z.enum(EMBED_FIELD_GROUPS)),
    allowed_origins: z
      .array(
        z
          .string()
          .check(z.regex(ORIGIN, 'Each origin is a scheme and host, like https://portal.example.com')),
      )
      .check(z.minLength(1, 'Name at least one site that may show the widget')),
    expires_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day the token stops working')),
  })
  .check(
    z.refine((value) => value.scope_kind !== 'shipments' || value.shipment_numbers.length > 0, {
      message: 'Name at least one bill of lading',
      path: ['shipment_numbers'],
    }),
    z.refine((value) => value.scope_kind !== 'customer' || value.customer_id !== '', {
      message: 'Choose the customer',
      path: ['customer_id'],
    }),
    z.refine((value) => value.scope_kind !== 'tag' || value.tag.trim() !== '', {
      message: 'Enter the tag',
      path: ['tag'],
    }),
  )
export type EmbedFormValues = z.infer<typeof EmbedFormSchema>

export const embedFormValues = (): EmbedFormValues => ({
  name: '',
  scope_kind: 'shipments',
  shipment_numbers: [],
  customer_id: '',
  tag: '',
  fields: ['timeline'],
  allowed_origins: [],
  expires_on: inDays(90),
})

/** Bills of lading no shipment has come back as `missing`. */
export async function scopeFrom(value: EmbedFormValues): Promise<EmbedScope | { missing: string[] }> {
  switch (value.scope_kind) {
    case 'shipments': {
      const { ids, missing } = await shipmentIdsFor(value.shipment_numbers)
      return missing.length > 0 ? { missing } : { kind: 'shipments', shipment_ids: ids }
    }
    case 'customer':
      return { kind: 'customer', customer_id: value.customer_id }
    case 'tag':
      return { kind: 'tag', tag: value.tag.trim() }
    default:
      return { kind: 'track_by_number' }
  }
}
