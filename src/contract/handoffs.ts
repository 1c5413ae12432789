import { z } from 'zod/mini'
import { listDocument, looseInteger, openEnum, resource, singleDocument, timestamp } from './document'

/** One container, or every container of the shipment the delivery order covers. */
export const HANDOFF_SCOPES = ['container', 'shipment'] as const
export const HANDOFF_STEPS = ['pickup', 'empty_return'] as const
export type HandoffStep = (typeof HANDOFF_STEPS)[number]

/** A handoff link lasts at most this long: a delivery order is for days, not months. */
export const MAX_HANDOFF_DAYS = 30

export const HandoffSchema = resource(
  'handoff',
  {
    token_prefix: z.nullish(z.string()),
    /** Only in the answer that made it. */
    token: z.nullish(z.string()),
    url: z.nullish(z.string()),
    container_ids: z.nullish(z.array(z.string())),
    note: z.nullish(z.string()),
    created_by: z.nullish(z.string()),
    expires_at: z.nullish(timestamp),
    revoked_at: z.nullish(timestamp),
    created_at: z.nullish(timestamp),
    last_used_at: z.nullish(timestamp),
    use_count: z.nullish(looseInteger),
    state: z.nullish(openEnum(['active', 'revoked', 'expired'])),
  },
  {},
)
export type Handoff = z.infer<typeof HandoffSchema>
export const HandoffDocumentSchema = singleDocument(HandoffSchema)
export const HandoffListDocumentSchema = listDocument(HandoffSchema)

export const HandoffCreateSchema = z.object({
  data: z.object({
    type: z.literal('handoff'),
    attributes: z.strictObject({
      expires_at: z.iso.datetime({ offset: true }),
      scope: z.optional(z.enum(HANDOFF_SCOPES)),
      note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
    }),
  }),
})

/** The trucker's confirmation: the link's token is the credential, so no session and no cookie. */
export const HandoffConfirmSchema = z.object({
  step: z.enum(HANDOFF_STEPS),
  container_id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'must be a container id')),
})
