import type { Context } from 'hono'
import type { Clock } from '../clock'
import type { RouteEnv } from '../http/route'
import { RESOURCES } from '../jsonapi/registry'
import { type RenderContext, renderDocument } from '../jsonapi/render'
import type { EmbedTokenRow } from '../storage/embed-token-store'
import type { Storage } from '../storage/storage'
import { cutDocument } from './cut-to-grant'
import type { EmbedEnv } from './embed-access'
import { includeFor, scopeFilters } from './embed-scope'

/** route() types its handlers' context by RouteEnv alone; `embedAccess` has set the grant before any runs. */
export const embedContext = (c: Context<RouteEnv>) => c as unknown as Context<EmbedEnv>

export function embedReader(storage: Storage) {
  const context = (c: Context<EmbedEnv>): RenderContext =>
    ({ storage, accountId: c.var.grant.account_id, baseUrl: c.var.publicUrl }) as RenderContext
  return {
    render: async (
      c: Context<EmbedEnv>,
      type: string,
      rows: { id: string }[] | { id: string },
      prefix: string,
    ) =>
      cutDocument(
        await renderDocument(RESOURCES, type, rows, includeFor(c.var.grant, prefix), context(c)),
        c.var.grant.fields,
      ),
    inScope: async (grant: EmbedTokenRow, shipmentId: string, number: string | undefined) => {
      const filters = scopeFilters(grant, number, 'number')
      const ids = filters.ids ? filters.ids.filter((id) => id === shipmentId) : [shipmentId]
      const found = await storage.shipments.list(
        grant.account_id,
        { ...filters, ids },
        { number: 1, size: 1 },
      )
      return found.total > 0
    },
  }
}

export function grantDocument(grant: EmbedTokenRow, wallClock: Clock) {
  return {
    data: {
      id: grant.id,
      type: 'embed_grant',
      attributes: {
        scope_kind: grant.scope_kind,
        fields: grant.fields,
        allowed_origins: grant.allowed_origins,
        expires_at: grant.expires_at.toISOString(),
        state: grant.revoked_at ? 'revoked' : grant.expires_at <= wallClock.now() ? 'expired' : 'active',
      },
    },
  }
}
