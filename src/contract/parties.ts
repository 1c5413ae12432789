import { z } from 'zod/mini'
import { listDocument, resource, singleDocument } from './document'

export const PartySchema = resource('party', { company_name: z.nullish(z.string()) }, {})
export type Party = z.infer<typeof PartySchema>
export const PartyDocumentSchema = singleDocument(PartySchema)
export const PartyListDocumentSchema = listDocument(PartySchema)

export const PartyCreateSchema = z.object({
  data: z.object({
    type: z.literal('party'),
    attributes: z.strictObject({
      company_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    }),
  }),
})

export const PartyPatchSchema = z.object({
  data: z.object({
    type: z.optional(z.literal('party')),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      company_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    }),
  }),
})

export const AccountSchema = resource('account', { company_name: z.nullish(z.string()) }, {})
export type Account = z.infer<typeof AccountSchema>
