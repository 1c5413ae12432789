import type { Context } from 'hono'
import { Hono } from 'hono'
import { ContainerDocumentSchema } from '../../contract/containers'
import { EmbedGrantDocumentSchema } from '../../contract/embed-tokens'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../contract/shipments'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { refuseNulCharacters } from '../http/nul-characters'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import { optional, refuse } from '../http/query-params'
import { createRateLimiter } from '../http/rate-limit'
import { route, routes } from '../http/route'
import { parseInclude } from '../jsonapi/include-paths'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { RESOURCES } from '../jsonapi/registry'
import { type RenderContext, renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import type { EmbedTokenRow } from '../storage/embed-token-store'
import type { ShipmentFilters } from '../storage/shipment-store'
import { cutDocument } from './cut-to-grant'
import { allowListedOrigin, type EmbedEnv, embedAccess } from './embed-access'

const asNumber = (raw: string) =>
  /^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,59}$/.test(raw.trim())
    ? raw.trim()
    : refuse('must be a bill of lading, reference or container number: letters, digits and -, up to 60')
const NUMBER_HELP = 'A bill of lading, reference or container number; required for a track-by-number token'

/** The shipments a token may see, narrowed to `number` when one is given. */
function scopeFilters(grant: EmbedTokenRow, number: string | undefined, parameter: string): ShipmentFilters {
  const narrowed = number ? { exactNumber: number } : {}
  switch (grant.scope_kind) {
    case 'shipments':
      return { ids: grant.scope_shipment_ids, ...narrowed }
    case 'customer':
      return { customerId: grant.scope_customer_id ?? '00000000-0000-0000-0000-000000000000', ...narrowed }
    case 'tag':
      return { tag: grant.scope_tag ?? '', ...narrowed }
    default:
      if (!number) throw badParameter(parameter, `${parameter} is required: this token tracks by number`)
      return narrowed
  }
}

const includeFor = (grant: EmbedTokenRow, prefix: string) =>
  parseInclude(
    undefined,
    grant.fields.includes('timeline')
      ? [`${prefix}transport_events`, `${prefix}transport_events.location`]
      : prefix
        ? [prefix.slice(0, -1)]
        : [],
  )

/**
 * The read-only API the widget calls (`/embed/v1`): the contract's shapes cut to the token's scope and
 * fields. Answers CORS only to the token's own origins.
 */
export function embedApi(deps: Deps) {
  const { storage } = deps
  const wallClock = deps.wallClock ?? systemClock
  const limiter = createRateLimiter(deps.config.embedRateLimitPerMinute ?? 600, wallClock.now)
  const app = new Hono<EmbedEnv>()
  // the preflight carries no token, so it only says what a real request may send; the answer decides
  app.options('*', (c) => {
    allowListedOrigin(c, undefined)
    const origin = c.req.header('Origin')
    if (origin) c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Methods', 'GET')
    c.header('Access-Control-Allow-Headers', 'Authorization')
    c.header('Access-Control-Max-Age', '600')
    return c.body(null, 204)
  })
  app.use(async (c, next) => {
    c.set('publicUrl', deps.config.publicUrl)
    await next()
  })
  app.use(refuseNulCharacters)
  app.use(embedAccess(storage, wallClock, limiter))

  const context = (c: Context<EmbedEnv>): RenderContext =>
    ({ storage, accountId: c.var.grant.account_id, baseUrl: c.var.publicUrl }) as RenderContext
  const render = async (
    c: Context<EmbedEnv>,
    type: string,
    rows: { id: string }[] | { id: string },
    prefix: string,
  ) =>
    cutDocument(
      await renderDocument(RESOURCES, type, rows, includeFor(c.var.grant, prefix), context(c)),
      c.var.grant.fields,
    )
  const inScope = async (grant: EmbedTokenRow, shipmentId: string, number: string | undefined) => {
    const filters = scopeFilters(grant, number, 'number')
    const ids = filters.ids ? filters.ids.filter((id) => id === shipmentId) : [shipmentId]
    const found = await storage.shipments.list(grant.account_id, { ...filters, ids }, { number: 1, size: 1 })
    return found.total > 0
  }

  const router = routes(
    route(
      {
        method: 'get',
        path: '/token',
        summary: 'What this embed token shares',
        response: EmbedGrantDocumentSchema,
      },
      (c) => {
        const grant = (c as unknown as Context<EmbedEnv>).var.grant
        return respond(c, {
          data: {
            id: grant.id,
            type: 'embed_grant',
            attributes: {
              scope_kind: grant.scope_kind,
              fields: grant.fields,
              allowed_origins: grant.allowed_origins,
              expires_at: grant.expires_at.toISOString(),
              state: grant.revoked_at
                ? 'revoked'
                : grant.expires_at <= wallClock.now()
                  ? 'expired'
                  : 'active',
            },
          },
        })
      },
    ),
    route(
      {
        method: 'get',
        path: '/shipments',
        summary: "The token's shipments with their containers",
        query: { ...pageQuery(10), 'filter[number]': optional(asNumber, NUMBER_HELP) },
        response: ShipmentListDocumentSchema,
      },
      async (raw, { query }) => {
        const c = raw as unknown as Context<EmbedEnv>
        const page = pageOf({
          'page[number]': query['page[number]'],
          'page[size]': Math.min(query['page[size]'], 25),
        })
        const filters = scopeFilters(c.var.grant, query['filter[number]'], 'filter[number]')
        const result = await storage.shipments.list(c.var.grant.account_id, filters, page)
        const document = await render(c, 'shipment', result.rows, 'containers.')
        return respond(c, {
          ...document,
          links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
          meta: pageMeta(page, result.total),
        })
      },
    ),
    route(
      {
        method: 'get',
        path: '/shipments/:id',
        summary: 'One of the token’s shipments with its containers',
        query: { number: optional(asNumber, NUMBER_HELP) },
        response: ShipmentDocumentSchema,
      },
      async (raw, { query }) => {
        const c = raw as unknown as Context<EmbedEnv>
        const id = requireUuid(c.req.param('id') ?? '', 'shipment')
        if (!(await inScope(c.var.grant, id, query.number))) throw notFound('shipment', id)
        const [row] = await storage.shipments.byIds(c.var.grant.account_id, [id])
        return respond(c, await render(c, 'shipment', row, 'containers.'))
      },
    ),
    route(
      {
        method: 'get',
        path: '/containers/:id',
        summary: 'One container of the token’s shipments, with its timeline when shared',
        query: { number: optional(asNumber, NUMBER_HELP) },
        response: ContainerDocumentSchema,
      },
      async (raw, { query }) => {
        const c = raw as unknown as Context<EmbedEnv>
        const id = requireUuid(c.req.param('id') ?? '', 'container')
        const [row] = await storage.containers.byIds(c.var.grant.account_id, [id])
        if (!row || !(await inScope(c.var.grant, row.shipment_id, query.number)))
          throw notFound('container', id)
        return respond(c, await render(c, 'container', row, ''))
      },
    ),
  )
  app.route('/', router as unknown as Hono<EmbedEnv>)
  return app
}
