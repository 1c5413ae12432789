import type { Context } from 'hono'
import {
  DEFAULT_UPSTREAM_URL,
  type UpstreamConnection,
  UpstreamConnectionCreateSchema,
  UpstreamConnectionDocumentSchema,
  UpstreamConnectionListDocumentSchema,
  UpstreamConnectionPatchSchema,
} from '../../contract/upstream-connections'
import type { Deps } from '../deps'
import { requireUuid } from '../http/params'
import { problem } from '../http/problem'
import { type RouteEnv, route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import type { Storage } from '../storage/storage'
import type { ConnectionAudit } from '../upstream/connection-admin'
import type { ConnectionRegistry } from '../upstream/connection-registry'
import { auditActor } from './audit-actor'

/** Anything else names none (404, never a database error). */
const connectionId = (id: string) => requireUuid(id, 'upstream_connection')

type Owned = Awaited<ReturnType<ConnectionRegistry['list']>>
type Progress = Awaited<ReturnType<Storage['upstreamConnections']['progress']>>

/** Never its key. */
function render(rows: Owned, progress: Progress, registry: ConnectionRegistry): UpstreamConnection[] {
  const countOf = (list: { account_id: string; total: number }[], id: string) =>
    list.find((row) => row.account_id === id)?.total ?? 0
  return rows.map(({ connection, company_name }) => {
    const id = connection.account_id
    const current = progress.lists
      .filter((row) => row.account_id === id && !row.finished_at)
      .sort((a, b) => (b.pass_started_at?.getTime() ?? 0) - (a.pass_started_at?.getTime() ?? 0))[0]
    return {
      id,
      type: 'upstream_connection',
      attributes: {
        company_name,
        base_url: connection.base_url,
        api_key_last4: registry.lastFour(connection.api_key_sealed),
        status: connection.status,
        detail: connection.status_detail,
        last_heard_at: iso(connection.last_heard_at),
        last_reconciled_at: iso(connection.last_reconciled_at),
        webhook_registered: connection.webhook_id !== null,
        syncing: connection.last_reconciled_at === null,
        sync_list: current?.resource ?? null,
        sync_page: current?.next_page ?? null,
        shipments_mirrored: countOf(progress.shipments, id),
        containers_mirrored: countOf(progress.containers, id),
        created_at: iso(connection.created_at),
      },
      links: { self: `/v2/upstream_connections/${id}` },
    }
  })
}

function connectionViews({ storage, connections }: Deps) {
  const registry = () => {
    if (!connections)
      throw problem(404, {
        detail: 'This server does not keep connected accounts (it passes /v2 calls to another service)',
        code: 'not_found',
      })
    return connections
  }
  const shown = async (ownerId: string, accountId?: string) => {
    const rows = await registry().list(ownerId, accountId)
    const progress = await storage.upstreamConnections.progress(rows.map((row) => row.connection.account_id))
    return render(rows, progress, registry())
  }
  return { registry, shown }
}

type Views = ReturnType<typeof connectionViews>

const connectionReads = ({ shown }: Views) => [
  route(
    {
      method: 'get',
      path: '/upstream_connections',
      role: 'admin',
      summary:
        'List the Terminal49 accounts this account connected, with how each is syncing (Quayside extension)',
      response: UpstreamConnectionListDocumentSchema,
    },
    async (c) => respond(c, { data: await shown(c.var.caller.accountId) }),
  ),
  route(
    {
      method: 'get',
      path: '/upstream_connections/:id',
      role: 'admin',
      summary: 'Get one connection: its state and sync progress, never its key',
      response: UpstreamConnectionDocumentSchema,
    },
    async (c) => {
      const [data] = await shown(c.var.caller.accountId, connectionId(c.req.param('id')))
      if (!data)
        throw problem(404, {
          detail: `There is no connection ${connectionId(c.req.param('id'))}`,
          code: 'not_found',
        })
      return respond(c, { data })
    },
  ),
]

/** Never the key: a connection's key is only ever "replaced". */
const recordConnection =
  (c: Context<RouteEnv>, action: 'connected' | 'key_replaced' | 'disconnected'): ConnectionAudit =>
  (stores, connection) =>
    stores.audit.record(auditActor(c), {
      accountId: c.var.caller.accountId,
      action: `upstream_connection.${action}`,
      target: { type: 'upstream_connection', id: connection.accountId, label: connection.baseUrl },
      before: action === 'disconnected' ? { base_url: connection.baseUrl } : null,
      after: {
        connected: { base_url: connection.baseUrl },
        key_replaced: { api_key: 'replaced' },
        disconnected: null,
      }[action],
    })

const connectionWrites = ({ registry, shown }: Views) => [
  route(
    {
      method: 'post',
      path: '/upstream_connections',
      role: 'admin',
      summary:
        'Connect a Terminal49 account by its API key: verified, then mirrored into an account of its own',
      description:
        'The key is checked against the upstream, stored encrypted with SECRET_KEY (503 without it) and never shown again. The upstream URL is held to the outbound rules webhooks follow (WEBHOOK_ALLOWLIST).',
      body: UpstreamConnectionCreateSchema,
      response: UpstreamConnectionDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      const ownerId = c.var.caller.accountId
      const id = await registry().connect(
        ownerId,
        { apiKey: data.attributes.api_key, baseUrl: data.attributes.base_url ?? DEFAULT_UPSTREAM_URL },
        recordConnection(c, 'connected'),
      )
      const [made] = await shown(ownerId, id)
      return respond(c, { data: made }, 201)
    },
  ),
  route(
    {
      method: 'patch',
      path: '/upstream_connections/:id',
      role: 'admin',
      summary: "Replace a connection's API key (verified at the upstream first)",
      body: UpstreamConnectionPatchSchema,
      response: UpstreamConnectionDocumentSchema,
    },
    async (c, { body: { data } }) => {
      const ownerId = c.var.caller.accountId
      await registry().replaceKey(
        ownerId,
        connectionId(c.req.param('id')),
        data.attributes.api_key,
        recordConnection(c, 'key_replaced'),
      )
      const [changed] = await shown(ownerId, connectionId(c.req.param('id')))
      return respond(c, { data: changed })
    },
  ),
  route(
    {
      method: 'delete',
      path: '/upstream_connections/:id',
      role: 'admin',
      summary: 'Disconnect: mirroring stops and the key is forgotten; what was mirrored stays',
      response: 'empty',
    },
    async (c) => {
      await registry().disconnect(
        c.var.caller.accountId,
        connectionId(c.req.param('id')),
        recordConnection(c, 'disconnected'),
      )
      return c.body(null, 204)
    },
  ),
]

export const upstreamConnectionRoutes = (deps: Deps) => {
  const views = connectionViews(deps)
  return routes(...connectionReads(views), ...connectionWrites(views))
}
