import { z } from 'zod/mini'
import { listDocument, looseInteger, openEnum, resource, singleDocument, timestamp } from './document'

export const UPSTREAM_CONNECTION_STATUSES = [
  'connecting',
  'ok',
  'unreachable',
  'unauthorised',
  'rate_limited',
] as const

export const DEFAULT_UPSTREAM_URL = 'https://api.terminal49.com/v2'

/** Each connection is mirrored into an account of its own; the key is never shown again. */
export const UpstreamConnectionSchema = resource(
  'upstream_connection',
  {
    company_name: z.nullish(z.string()),
    base_url: z.nullish(z.string()),
    api_key_last4: z.nullish(z.string()),
    status: z.nullish(openEnum(UPSTREAM_CONNECTION_STATUSES)),
    detail: z.nullish(z.string()),
    last_heard_at: z.nullish(timestamp),
    last_reconciled_at: z.nullish(timestamp),
    webhook_registered: z.nullish(z.boolean()),
    syncing: z.nullish(z.boolean()),
    sync_list: z.nullish(z.string()),
    sync_page: z.nullish(looseInteger),
    shipments_mirrored: z.nullish(looseInteger),
    containers_mirrored: z.nullish(looseInteger),
    created_at: z.nullish(timestamp),
  },
  {},
)
export type UpstreamConnection = z.infer<typeof UpstreamConnectionSchema>
export const UpstreamConnectionDocumentSchema = singleDocument(UpstreamConnectionSchema)
export const UpstreamConnectionListDocumentSchema = listDocument(UpstreamConnectionSchema)

const apiKey = z
  .string()
  .check(z.trim(), z.minLength(8, 'An API key is at least 8 characters'), z.maxLength(200))

export const UpstreamConnectionCreateSchema = z.object({
  data: z.object({
    type: z.literal('upstream_connection'),
    attributes: z.strictObject({
      api_key: apiKey,
      base_url: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(500))),
    }),
  }),
})
export type UpstreamConnectionCreate = z.infer<typeof UpstreamConnectionCreateSchema>

export const UpstreamConnectionPatchSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('upstream_connection'),
    attributes: z.strictObject({ api_key: apiKey }),
  }),
})
export type UpstreamConnectionPatch = z.infer<typeof UpstreamConnectionPatchSchema>
