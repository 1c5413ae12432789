import type { EmbedScope } from '../../contract/embed-tokens'
import type { EmbedTokenRow } from '../storage/embed-token-store'
import { iso } from '../storage/iso-time'

const scopeOf = (row: EmbedTokenRow): EmbedScope => {
  switch (row.scope_kind) {
    case 'shipments':
      return { kind: 'shipments', shipment_ids: row.scope_shipment_ids }
    case 'customer':
      return { kind: 'customer', customer_id: row.scope_customer_id ?? undefined }
    case 'tag':
      return { kind: 'tag', tag: row.scope_tag ?? undefined }
    default:
      return { kind: 'track_by_number' }
  }
}

/** The raw token only in the answer that made it. */
export const renderEmbedToken = (row: EmbedTokenRow, baseUrl: string, rawToken?: string) => ({
  id: row.id,
  type: 'embed_token',
  attributes: {
    name: row.name,
    token_prefix: row.token_prefix,
    ...(rawToken ? { token: rawToken } : {}),
    scope: scopeOf(row),
    fields: row.fields,
    allowed_origins: row.allowed_origins,
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
    use_count: row.use_count,
  },
  links: { self: `${baseUrl}/v2/embed_tokens/${row.id}` },
})
