import { z } from 'zod'
import { listDocument, resource, singleDocument, timestamp } from './document'

export const PartySchema = resource('party', { company_name: z.string().nullish() }, {})
export type Party = z.infer<typeof PartySchema>
export const PartyDocumentSchema = singleDocument(PartySchema)
export const PartyListDocumentSchema = listDocument(PartySchema)

export const PartyCreateSchema = z.object({
  data: z.object({
    type: z.literal('party'),
    attributes: z.strictObject({ company_name: z.string().trim().min(1).max(200) }),
  }),
})

export const AccountSchema = resource('account', { company_name: z.string().nullish() }, {})
export type Account = z.infer<typeof AccountSchema>

export const UserSchema = resource(
  'user',
  {
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
    created_at: timestamp.nullish(),
  },
  {},
)
export type User = z.infer<typeof UserSchema>
