import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { parseInclude } from '../http/include-paths'
import { type Page, pageLinks, pageMeta } from '../http/pagination'
import { renderDocument } from '../http/render'
import { respond } from '../http/respond'
import type { Storage } from '../storage/storage'
import { RESOURCES } from './registry'

type Caller = { accountId: string }

const includeOf = (c: Context, fallback: string[]) => parseInclude(c.req.query('include'), fallback)

/** Answers one resource with its requested includes. */
export async function respondWithOne(
  c: Context,
  storage: Storage,
  type: string,
  row: { id: string },
  options: { status?: ContentfulStatusCode; include?: string[] } = {},
) {
  const caller = c.get('caller') as Caller
  const document = await renderDocument(RESOURCES, type, row, includeOf(c, options.include ?? []), {
    storage,
    accountId: caller.accountId,
  })
  const self = RESOURCES[type].self?.(row) ?? new URL(c.req.url).pathname
  return respond(c, { ...document, links: { self } }, options.status ?? 200)
}

/** Answers a page of resources with pagination links and meta. */
export async function respondWithPage(
  c: Context,
  storage: Storage,
  type: string,
  result: { rows: { id: string }[]; total: number },
  page: Page,
  options: { include?: string[] } = {},
) {
  const caller = c.get('caller') as Caller
  const document = await renderDocument(RESOURCES, type, result.rows, includeOf(c, options.include ?? []), {
    storage,
    accountId: caller.accountId,
  })
  return respond(c, {
    ...document,
    links: pageLinks(c.req.url, page, result.total),
    meta: pageMeta(page, result.total),
  })
}
