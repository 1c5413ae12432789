import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { declaredQuery, type RouteEnv } from '../http/route'
import { parseInclude } from '../jsonapi/include-paths'
import { type Page, pageLinks, pageMeta } from '../jsonapi/page-links'
import { RESOURCES } from '../jsonapi/registry'
import { type ResourceObject, renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { readSparseFields } from '../jsonapi/sparse-fields'
import type { Storage } from '../storage/storage'

type Ctx = Context<RouteEnv>

export const includeOf = (c: Context, fallback: string[] = []) =>
  parseInclude(declaredQuery(c)?.include as string | undefined, fallback)

/** What the real service answers as `links.self`. */
export const selfLink = (c: Context) => {
  const url = new URL(c.req.url)
  return `${(c as Ctx).var.publicUrl}${url.pathname}${url.search}`
}

export const renderContextOf = (c: Context, storage: Storage) => ({
  storage,
  accountId: (c as Ctx).var.caller.accountId,
  scope: (c as Ctx).var.caller.scope,
  baseUrl: (c as Ctx).var.publicUrl,
})

type Related = { type: string; rows: { id: string }[] }

export async function respondWithOne(
  c: Context,
  storage: Storage,
  type: string,
  row: { id: string },
  options: { status?: ContentfulStatusCode; include?: string[]; related?: Related[] } = {},
) {
  const context = { ...renderContextOf(c, storage), raw: true }
  const document = await renderDocument(RESOURCES, type, row, includeOf(c, options.include), context)
  // a write answers with where the resource lives; a read with the address it was asked at
  const resourceSelf = c.req.method === 'GET' ? undefined : RESOURCES[type].self?.(row)
  const links = { self: resourceSelf ? `${context.baseUrl}${resourceSelf}` : selfLink(c) }
  if (!options.related) return respond(c, { ...document, links }, options.status ?? 200)
  const included = new Map(
    (document.included ?? []).map((resource) => [`${resource.type}:${resource.id}`, resource]),
  )
  for (const related of options.related) {
    const rendered = await renderDocument(RESOURCES, related.type, related.rows, new Map(), context)
    for (const resource of rendered.data as ResourceObject[])
      included.set(`${resource.type}:${resource.id}`, resource)
  }
  return respond(c, { ...document, included: [...included.values()], links }, options.status ?? 200)
}

export async function respondWithPage(
  c: Context,
  storage: Storage,
  type: string,
  result: { rows: { id: string }[]; total: number },
  page: Page,
  options: { include?: string[]; meta?: Record<string, unknown>; fields?: ReadonlyMap<string, string> } = {},
) {
  const document = await renderDocument(RESOURCES, type, result.rows, includeOf(c, options.include), {
    ...renderContextOf(c, storage),
    raw: true,
    fields: options.fields && readSparseFields(options.fields, Object.keys(RESOURCES)),
  })
  return respond(c, {
    ...document,
    links: pageLinks((c as Ctx).var.publicUrl, c.req.url, page, result.total),
    meta: { ...pageMeta(page, result.total), ...options.meta },
  })
}
