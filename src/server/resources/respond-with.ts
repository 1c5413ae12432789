import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { parseInclude } from '../http/include-paths'
import { type Page, pageLinks, pageMeta } from '../http/pagination'
import { type ResourceObject, renderDocument } from '../http/render'
import { respond } from '../http/respond'
import type { Storage } from '../storage/storage'
import { RESOURCES } from './registry'

type Caller = { accountId: string }

const includeOf = (c: Context, fallback: string[]) => parseInclude(c.req.query('include'), fallback)

type Related = { type: string; rows: { id: string }[] }

/** Answers one resource with its requested includes, plus any `related` resources the answer always carries. */
export async function respondWithOne(
  c: Context,
  storage: Storage,
  type: string,
  row: { id: string },
  options: { status?: ContentfulStatusCode; include?: string[]; related?: Related[] } = {},
) {
  const caller = c.get('caller') as Caller
  const context = { storage, accountId: caller.accountId }
  const document = await renderDocument(RESOURCES, type, row, includeOf(c, options.include ?? []), context)
  const self = RESOURCES[type].self?.(row) ?? new URL(c.req.url).pathname
  if (!options.related) return respond(c, { ...document, links: { self } }, options.status ?? 200)
  const included = new Map(
    (document.included ?? []).map((resource) => [`${resource.type}:${resource.id}`, resource]),
  )
  for (const related of options.related) {
    const rendered = await renderDocument(RESOURCES, related.type, related.rows, new Map(), context)
    for (const resource of rendered.data as ResourceObject[])
      included.set(`${resource.type}:${resource.id}`, resource)
  }
  return respond(c, { ...document, included: [...included.values()], links: { self } }, options.status ?? 200)
}

/** Answers a page of resources with pagination links and meta. */
export async function respondWithPage(
  c: Context,
  storage: Storage,
  type: string,
  result: { rows: { id: string }[]; total: number },
  page: Page,
  options: { include?: string[]; meta?: Record<string, unknown> } = {},
) {
  const caller = c.get('caller') as Caller
  const document = await renderDocument(RESOURCES, type, result.rows, includeOf(c, options.include ?? []), {
    storage,
    accountId: caller.accountId,
  })
  return respond(c, {
    ...document,
    links: pageLinks(c.req.url, page, result.total),
    meta: { ...pageMeta(page, result.total), ...options.meta },
  })
}
