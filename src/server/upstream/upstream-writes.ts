import type { MiddlewareHandler } from 'hono'
import type { Role } from '../../contract/people'
import type { AuthEnv } from '../http/auth'
import { problem } from '../http/problem'
import { requireRole } from '../http/require-role'
import type { Storage } from '../storage/storage'
import type { UpstreamClient } from './upstream-client'
import { writeThrough } from './write-through'

const ENTITY_FIELDS = /^\/v2\/(shipments|containers|tracking_requests)\/[^/]+\/custom_fields$/
const ENTITY_FIELD = /^\/v2\/(shipments|containers|tracking_requests)\/[^/]+\/custom_fields\/[^/]+$/

/** What Terminal49 itself keeps, with the least role its route here declares: checked before the write goes out. */
const WRITES: [string, RegExp, Role][] = [
  ['POST', /^\/v2\/tracking_requests$/, 'operator'],
  ['PATCH', /^\/v2\/tracking_requests\/[^/]+$/, 'operator'],
  ['PATCH', /^\/v2\/shipments\/[^/]+(\/stop_tracking|\/resume_tracking)?$/, 'operator'],
  ['POST', /^\/v2\/parties$/, 'operator'],
  ['PATCH', /^\/v2\/parties\/[^/]+$/, 'operator'],
  ['POST', /^\/v2\/custom_fields$/, 'admin'],
  ['PATCH', /^\/v2\/custom_fields\/[^/]+$/, 'admin'],
  ['DELETE', /^\/v2\/custom_fields\/[^/]+$/, 'admin'],
  ['POST', ENTITY_FIELDS, 'operator'],
  ['PATCH', ENTITY_FIELD, 'operator'],
  ['DELETE', ENTITY_FIELD, 'operator'],
]
const READ_PATHS: Record<string, string> = {
  shipment: 'shipments',
  tracking_request: 'tracking_requests',
  container: 'containers',
  party: 'parties',
  custom_field: 'custom_fields',
}

type UpstreamLink = {
  clientFor: (accountId: string) => UpstreamClient | undefined
  onAccountChanged?: (accountId: string) => void
}

/** The mirror renders the answer, so links and includes are this server's. */
export const upstreamWrites =
  (
    link: UpstreamLink,
    storage: Storage,
    readLocally: (request: Request) => Promise<Response>,
  ): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const client = link.clientFor(c.var.caller.accountId)
    const write = WRITES.find(([method, path]) => method === c.req.method && path.test(c.req.path))
    if (!client || !write) return next()
    requireRole(c.var.caller, { method: c.req.method.toLowerCase(), role: write[2] })
    const text = await c.req.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      throw problem(400, { detail: 'The request body is not valid JSON', code: 'invalid_json' })
    }
    const url = new URL(c.req.url)
    const path = `${url.pathname.replace(/^\/v2/, '')}`
    const made = await writeThrough(
      { storage, client, onAccountChanged: link.onAccountChanged },
      c.var.caller.accountId,
      c.req.method as 'POST' | 'PATCH' | 'DELETE',
      path,
      body,
    )
    // the upstream removed it: the route removes it from the mirror
    if (c.req.method === 'DELETE') return next()
    const kind = made.type ? READ_PATHS[made.type] : undefined
    const local =
      made.id && kind
        ? await readLocally(
            new Request(new URL(`/v2/${kind}/${made.id}${url.search}`, url), {
              headers: { Authorization: c.req.header('Authorization') ?? '', 'Cache-Control': 'no-cache' },
            }),
          )
        : undefined
    if (!local?.ok)
      throw problem(502, {
        detail:
          'The upstream made the change but answered with nothing this server could show; it will show here at the next reconcile',
        code: 'upstream_answer_unreadable',
      })
    return new Response(local.body, { status: made.status, headers: local.headers })
  }
