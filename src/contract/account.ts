import { z } from 'zod/mini'
import { openEnum, resource, singleDocument } from './document'

/** `GET /v2/account` (a Quayside extension). */
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

export const UPSTREAM_STATUSES = ['connecting', 'ok', 'unreachable', 'unauthorised', 'rate_limited'] as const

export const UpstreamFreshnessSchema = z.object({
  status: openEnum(UPSTREAM_STATUSES),
  detail: z.nullish(z.string()),
  base_url: z.nullish(z.string()),
  last_heard_at: z.nullish(z.string()),
  last_reconciled_at: z.nullish(z.string()),
  webhook_registered: z.nullish(z.boolean()),
})
export type UpstreamFreshness = z.infer<typeof UpstreamFreshnessSchema>
