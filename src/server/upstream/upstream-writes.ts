import type { Context, MiddlewareHandler } from 'hono'
import { problem } from '../http/problem'
import { requireRole } from '../http/require-role'
import type { RouteEnv } from '../http/route'
import { auditActor } from '../routes/audit-actor'
import type { Storage } from '../storage/storage'
import type { UpstreamClient } from './upstream-client'
import { mirrorBefore, recordUpstreamWrite, type WriteAudit } from './upstream-write-audit'
import { writeThrough } from './write-through'

const ENTITY_FIELDS = /^\/v2\/(shipments|containers|tracking_requests)\/[^/]+\/custom_fields$/
const ENTITY_FIELD = /^\/v2\/(shipments|containers|tracking_requests)\/[^/]+\/custom_fields\/[^/]+$/

/** What Terminal49 itself keeps: checked before the write goes out by the rule every route here declares by. */
const WRITES: [string, RegExp, string][] = [
  ['POST', /^\/v2\/tracking_requests$/, 'tracking_request.created'],
  ['PATCH', /^\/v2\/tracking_requests\/[^/]+$/, 'tracking_request.updated'],
  ['PATCH', /^\/v2\/shipments\/[^/]+$/, 'shipment.updated'],
  ['PATCH', /^\/v2\/shipments\/[^/]+\/stop_tracking$/, 'shipment.tracking_stopped'],
  ['PATCH', /^\/v2\/shipments\/[^/]+\/resume_tracking$/, 'shipment.tracking_resumed'],
  ['POST', /^\/v2\/parties$/, 'party.created'],
  ['PATCH', /^\/v2\/parties\/[^/]+$/, 'party.updated'],
  ['POST', /^\/v2\/custom_fields$/, 'custom_field.set'],
  ['PATCH', /^\/v2\/custom_fields\/[^/]+$/, 'custom_field.set'],
  ['DELETE', /^\/v2\/custom_fields\/[^/]+$/, 'custom_field.cleared'],
  ['POST', ENTITY_FIELDS, 'custom_field.set'],
  ['PATCH', ENTITY_FIELD, 'custom_field.set'],
  ['DELETE', ENTITY_FIELD, 'custom_field.cleared'],
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

/** Who writes what, and the mirror's row before: read before the write goes out. */
async function writeAudit(
  c: Context<RouteEnv>,
  action: string,
  body: unknown,
  readLocally: (path: string) => Promise<Response>,
): Promise<WriteAudit> {
  const path = c.req.path.replace(/^\/v2/, '')
  const attributes = (body as { data?: { attributes?: unknown } } | undefined)?.data?.attributes
  return {
    actor: auditActor(c),
    accountId: c.var.caller.accountId,
    action,
    method: c.req.method,
    path,
    keys: attributes && typeof attributes === 'object' ? Object.keys(attributes) : undefined,
    before: await mirrorBefore(c.req.method, path, readLocally),
  }
}

/** The mirror renders the answer, so links and includes are this server's. */
export const upstreamWrites =
  (
    link: UpstreamLink,
    storage: Storage,
    readLocally: (request: Request) => Promise<Response>,
  ): MiddlewareHandler<RouteEnv> =>
  async (c, next) => {
    const client = link.clientFor(c.var.caller.accountId)
    const write = WRITES.find(([method, path]) => method === c.req.method && path.test(c.req.path))
    if (!client || !write) return next()
    requireRole(c.var.caller, { method: c.req.method.toLowerCase() })
    const text = await c.req.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      throw problem(400, { detail: 'The request body is not valid JSON', code: 'invalid_json' })
    }
    const url = new URL(c.req.url)
    const path = `${url.pathname.replace(/^\/v2/, '')}`
    const audit = await writeAudit(c, write[2], body, (at) =>
      readLocally(
        new Request(new URL(`/v2${at}`, url), {
          headers: { Authorization: c.req.header('Authorization') ?? '', 'Cache-Control': 'no-cache' },
        }),
      ),
    )
    const made = await writeThrough(
      { storage, client, onAccountChanged: link.onAccountChanged },
      c.var.caller.accountId,
      c.req.method as 'POST' | 'PATCH' | 'DELETE',
      path,
      body,
      (stores, resource) => recordUpstreamWrite(stores, audit, resource),
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
