import { randomBytes } from 'node:crypto'
import {
  type EmbedTokenCreate,
  EmbedTokenCreateSchema,
  EmbedTokenDocumentSchema,
  EmbedTokenListDocumentSchema,
} from '../../contract/embed-tokens'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { renderEmbedToken } from '../embed/embed-token-resource'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404 } from '../http/params'
import { invalidField } from '../http/problem'
import { route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import type { NewEmbedToken } from '../storage/embed-token-store'
import type { Storage } from '../storage/storage'
import { createEmbedToken, revokeEmbedToken } from './embed-token-writes'

const MAX_LIFETIME_MS = 2 * 366 * 24 * 60 * 60 * 1000
const SCOPE = '/data/attributes/scope'

async function scopeColumns(
  storage: Storage,
  accountId: string,
  attributes: EmbedTokenCreate['data']['attributes'],
) {
  const { scope } = attributes
  const stray = (['shipment_ids', 'customer_id', 'tag'] as const).find(
    (key) => scope[key] !== undefined && !(KEY_OF_KIND[scope.kind] === key),
  )
  if (stray) throw invalidField(`${SCOPE}/${stray}`, `A ${scope.kind} scope does not take ${stray}`)
  const key = KEY_OF_KIND[scope.kind]
  if (key && scope[key] === undefined)
    throw invalidField(`${SCOPE}/${key}`, `A ${scope.kind} scope needs ${key}`)
  if (scope.kind === 'shipments') {
    const ids = [...new Set(scope.shipment_ids)]
    const found = new Set((await storage.shipments.byIds(accountId, ids)).map((row) => row.id))
    const missing = scope.shipment_ids!.findIndex((id) => !found.has(id))
    if (missing >= 0)
      throw invalidField(
        `${SCOPE}/shipment_ids/${missing}`,
        `There is no shipment ${scope.shipment_ids![missing]} in this account`,
      )
    return { scope_kind: 'shipments', scope_shipment_ids: ids } as const
  }
  if (scope.kind === 'customer') {
    const [party] = await storage.parties.byIds(accountId, [scope.customer_id!])
    if (!party)
      throw invalidField(`${SCOPE}/customer_id`, `There is no customer ${scope.customer_id} in this account`)
    return { scope_kind: 'customer', scope_customer_id: party.id } as const
  }
  if (scope.kind === 'tag') return { scope_kind: 'tag', scope_tag: scope.tag } as const
  return { scope_kind: 'track_by_number' } as const
}
const KEY_OF_KIND = {
  shipments: 'shipment_ids',
  customer: 'customer_id',
  tag: 'tag',
  track_by_number: undefined,
} as const

function expiryOf(raw: string, now: Date) {
  const expires = new Date(raw)
  const pointer = '/data/attributes/expires_at'
  if (expires.getTime() <= now.getTime()) throw invalidField(pointer, 'The expiry must be in the future')
  if (expires.getTime() - now.getTime() > MAX_LIFETIME_MS)
    throw invalidField(pointer, 'A token lasts at most two years')
  return expires
}

export const embedTokenRoutes = ({ storage, wallClock = systemClock }: Deps) => {
  const find = findingOr404('embed_token', (accountId, id) => storage.embedTokens.get(accountId, id))
  return routes(
    route(
      {
        method: 'get',
        path: '/embed_tokens',
        summary: 'List embed tokens with their last use and how often each was used (Quayside extension)',
        query: pageQuery(25),
        response: EmbedTokenListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await storage.embedTokens.list(c.var.caller.accountId, page)
        return respond(c, {
          data: result.rows.map((row) => renderEmbedToken(row, c.var.publicUrl)),
          links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
          meta: pageMeta(page, result.total),
        })
      },
    ),
    route(
      {
        method: 'get',
        path: '/embed_tokens/:id',
        summary: 'Get an embed token (never the token itself)',
        response: EmbedTokenDocumentSchema,
      },
      async (c) =>
        respond(c, {
          data: renderEmbedToken(await find(c.var.caller.accountId, c.req.param('id')), c.var.publicUrl),
        }),
    ),
    route(
      {
        method: 'post',
        path: '/embed_tokens',
        role: 'admin',
        summary: 'Create an embed token; the answer shows the token once',
        body: EmbedTokenCreateSchema,
        response: EmbedTokenDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const { attributes } = data
        const values: NewEmbedToken = {
          name: attributes.name,
          ...(await scopeColumns(storage, accountId, attributes)),
          fields: [...new Set(attributes.fields ?? [])],
          allowed_origins: [...new Set(attributes.allowed_origins.map((origin) => new URL(origin).origin))],
          expires_at: expiryOf(attributes.expires_at, wallClock.now()),
        }
        const rawToken = `qse_${randomBytes(24).toString('base64url')}`
        const row = await createEmbedToken(c, storage, rawToken, values)
        return respond(c, { data: renderEmbedToken(row, c.var.publicUrl, rawToken) }, 201)
      },
    ),
    route(
      {
        method: 'post',
        path: '/embed_tokens/:id/revoke',
        role: 'admin',
        summary: 'Revoke an embed token: every page using it stops at once',
        response: EmbedTokenDocumentSchema,
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const token = await find(accountId, c.req.param('id'))
        const row = await revokeEmbedToken(c, storage, token)
        return respond(c, { data: renderEmbedToken(row, c.var.publicUrl) })
      },
    ),
  )
}
