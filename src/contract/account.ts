import { z } from 'zod/mini'
import { openEnum, resource, singleDocument } from './document'

/**
 * `GET /v2/account` (a Quayside extension): the account the API key belongs to, what the key may do, and
 * the address its documents are emailed to, when it has one.
 */
export const CurrentAccountSchema = resource(
  'account',
  {
    company_name: z.nullish(z.string()),
    key_scope: z.nullish(openEnum(['read', 'write'])),
    inbound_email_address: z.nullish(z.string()),
  },
  {},
)
export type CurrentAccount = z.infer<typeof CurrentAccountSchema>
export const CurrentAccountDocumentSchema = singleDocument(CurrentAccountSchema)
