import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import {
  HandoffCreateSchema,
  HandoffDocumentSchema,
  HandoffListDocumentSchema,
  MAX_HANDOFF_DAYS,
} from '../../contract/handoffs'
import { type Clock, systemClock } from '../clock'
import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { invalidField } from '../http/problem'
import { type RouteEnv, route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import type { HandoffRow } from '../storage/handoff-store'
import { iso } from '../storage/iso-time'
import { auditActor } from './audit-actor'

const DAY = 86_400_000

const stateOf = (row: HandoffRow, now: Date) =>
  row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active'

/** The raw token (and so the link) only in the answer that made it. */
const renderHandoff = (row: HandoffRow, c: Context<RouteEnv>, now: Date, rawToken?: string) => ({
  id: row.id,
  type: 'handoff',
  attributes: {
    token_prefix: row.token_prefix,
    ...(rawToken ? { token: rawToken, url: `${c.var.publicUrl}/handoff/${rawToken}` } : {}),
    container_ids: row.container_ids,
    note: row.note,
    created_by: row.created_by,
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
    use_count: row.use_count,
    state: stateOf(row, now),
  },
  links: { self: `${c.var.publicUrl}/v2/handoffs/${row.id}` },
})

function expiryOf(raw: string, now: Date) {
  const expires = new Date(raw)
  const pointer = '/data/attributes/expires_at'
  if (expires.getTime() <= now.getTime()) throw invalidField(pointer, 'The expiry must be in the future')
  if (expires.getTime() - now.getTime() > MAX_HANDOFF_DAYS * DAY)
    throw invalidField(pointer, `A handoff link lasts at most ${MAX_HANDOFF_DAYS} days`)
  return expires
}

const createRoute = ({ storage }: Deps, wallClock: Clock) => {
  const findContainer = findingOr404('container', (accountId, id) => storage.containers.get(accountId, id))
  return route(
    {
      method: 'post',
      path: '/containers/:id/handoffs',
      summary:
        "Send a container's delivery order to its trucker as a link that needs no sign-in (Quayside extension); the answer shows the link once",
      body: HandoffCreateSchema,
      response: HandoffDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      const accountId = c.var.caller.accountId
      const container = await findContainer(accountId, c.req.param('id'))
      const now = wallClock.now()
      const expires = expiryOf(data.attributes.expires_at, now)
      const ids =
        data.attributes.scope === 'shipment'
          ? (await storage.containers.idsByShipmentIds(accountId, [container.shipment_id])).map((r) => r.id)
          : [container.id]
      const rawToken = `qsh_${randomBytes(24).toString('base64url')}`
      const actor = auditActor(c)
      const row = await storage.transaction(async (stores) => {
        const made = await stores.handoffs.create(accountId, rawToken, {
          container_ids: ids,
          note: data.attributes.note || null,
          created_by: actor.name ?? actor.kind,
          expires_at: expires,
        })
        await stores.audit.record(actor, {
          accountId,
          action: 'handoff.created',
          target: { type: 'container', id: container.id, label: container.number },
          after: {
            handoff_id: made.id,
            token_prefix: made.token_prefix,
            container_ids: ids,
            expires_at: iso(expires),
          },
        })
        return made
      })
      return respond(c, { data: renderHandoff(row, c, now, rawToken) }, 201)
    },
  )
}

export const handoffRoutes = (deps: Deps) => {
  const { storage } = deps
  const wallClock = deps.wallClock ?? systemClock
  const find = findingOr404('handoff', (accountId, id) => storage.handoffs.get(accountId, id))
  const findContainer = findingOr404('container', (accountId, id) => storage.containers.get(accountId, id))
  return routes(
    route(
      {
        method: 'get',
        path: '/containers/:id/handoffs',
        summary: "A container's handoff links, newest first, never the tokens (Quayside extension)",
        response: HandoffListDocumentSchema,
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const container = await findContainer(accountId, c.req.param('id'))
        const rows = await storage.handoffs.ofContainer(accountId, container.id)
        const now = wallClock.now()
        return respond(c, { data: rows.map((row) => renderHandoff(row, c, now)) })
      },
    ),
    createRoute(deps, wallClock),
    route(
      {
        method: 'post',
        path: '/handoffs/:id/revoke',
        summary: 'Revoke a handoff link: its page stops at once (Quayside extension)',
        response: HandoffDocumentSchema,
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const handoff = await find(accountId, c.req.param('id'))
        const row = await storage.transaction(async (stores) => {
          const revoked = await stores.handoffs.revoke(accountId, handoff.id)
          if (!handoff.revoked_at)
            await stores.audit.record(auditActor(c), {
              accountId,
              action: 'handoff.revoked',
              target: { type: 'handoff', id: handoff.id, label: handoff.token_prefix },
              before: { revoked_at: null },
              after: { revoked_at: iso(revoked.revoked_at) },
            })
          return revoked
        })
        return respond(c, { data: renderHandoff(row, c, wallClock.now()) })
      },
    ),
  )
}
