import { ContainerDocumentSchema } from '../../contract/containers'
import { EmbedGrantDocumentSchema } from '../../contract/embed-tokens'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../contract/shipments'
import type { Clock } from '../clock'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import type { Storage } from '../storage/storage'
import type { EmbedEnv } from './embed-access'
import { embedContext, embedReader, grantDocument } from './embed-reader'
import { asNumber, NUMBER_HELP, scopeFilters } from './embed-scope'

export function embedRoutes(storage: Storage, wallClock: Clock) {
  const { render, inScope } = embedReader(storage)
  return routes<EmbedEnv>(
    route(
      {
        method: 'get',
        path: '/token',
        summary: 'What this embed token shares',
        response: EmbedGrantDocumentSchema,
      },
      (c) => respond(c, grantDocument(embedContext(c).var.grant, wallClock)),
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
        const c = embedContext(raw)
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
        const c = embedContext(raw)
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
        const c = embedContext(raw)
        const id = requireUuid(c.req.param('id') ?? '', 'container')
        const [row] = await storage.containers.byIds(c.var.grant.account_id, [id])
        if (!row || !(await inScope(c.var.grant, row.shipment_id, query.number)))
          throw notFound('container', id)
        return respond(c, await render(c, 'container', row, ''))
      },
    ),
  )
}
