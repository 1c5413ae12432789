import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import {
  ApiKeyCreateSchema,
  ApiKeyDocumentSchema,
  ApiKeyListDocumentSchema,
  type Role,
  roleAtLeast,
  rolesUpTo,
} from '../../contract/people'
import type { Deps } from '../deps'
import type { Caller } from '../http/auth'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound, problem } from '../http/problem'
import { type RouteEnv, route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import type { KeyRow, KeyVisibility } from '../storage/personal-key-store'
import { auditActor } from './audit-actor'
import { cappedExpiry } from './key-expiry'

/** An admin sees and revokes every person's keys; only an owner sees the account's own keys. */
const visibilityOf = (caller: Caller): KeyVisibility => ({
  userId: caller.userId,
  everyPerson: roleAtLeast(caller.role, 'admin'),
  accountKeys: caller.role === 'owner',
})

const roleOfKey = (row: KeyRow): Role | null =>
  row.kind === 'account' ? (row.scope === 'write' ? 'owner' : 'viewer') : row.role

const renderKey = (row: KeyRow, baseUrl: string, rawToken?: string) => ({
  id: row.id,
  type: 'api_key',
  attributes: {
    name: row.name,
    kind: row.kind,
    role: roleOfKey(row),
    ...(rawToken ? { token: rawToken } : {}),
    token_prefix: row.token_prefix,
    user_id: row.user_id,
    user_name: [row.user_first_name, row.user_last_name].filter(Boolean).join(' ') || row.user_email,
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
  },
  links: { self: `${baseUrl}/v2/api_keys/${row.id}` },
})

function grantable(caller: Caller, role: Role) {
  const pointer = '/data/attributes/role'
  if (!rolesUpTo(caller.role).includes(role))
    throw invalidField(pointer, `A key's role is at most yours (${caller.role}), not ${role}`)
  if (role === 'customer' && caller.role !== 'customer')
    throw invalidField(pointer, 'Only a customer has customer keys, which see its one party')
  return role
}

function expiryOf(raw: string | undefined, now: Date) {
  if (raw === undefined) return undefined
  const expires = new Date(raw)
  if (expires.getTime() <= now.getTime())
    throw invalidField('/data/attributes/expires_at', 'The expiry must be in the future')
  // an offset can carry 9999-12-31 into year 10000, which the database cannot keep
  if (expires.getUTCFullYear() > 9999)
    throw invalidField('/data/attributes/expires_at', 'The expiry must be no later than 9999-12-31 (UTC)')
  return expires
}

const personOf = (caller: Caller) => {
  if (caller.userId) return caller.userId
  throw problem(403, {
    detail: "A personal key belongs to a person: use a person's key or sign in, not the account's key",
    code: 'no_user',
  })
}

const listKeysRoute = ({ storage }: Deps) =>
  route(
    {
      method: 'get',
      path: '/api_keys',
      customer: 'self',
      summary:
        "Your personal API keys; an admin sees every person's, an owner the account's keys too (Quayside extension)",
      query: pageQuery(25),
      response: ApiKeyListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const { accountId } = c.var.caller
      const result = await storage.personalKeys.list(accountId, visibilityOf(c.var.caller), page)
      return respond(c, {
        data: result.rows.map((row) => renderKey(row, c.var.publicUrl)),
        links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
        meta: pageMeta(page, result.total),
      })
    },
  )

const createKeyRoute = ({ storage, clock }: Deps) =>
  route(
    {
      method: 'post',
      path: '/api_keys',
      role: 'viewer',
      customer: 'self',
      summary: 'Make a personal API key with a role no higher than yours; the answer shows the token once',
      body: ApiKeyCreateSchema,
      response: ApiKeyDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      const { caller } = c.var
      const key = {
        userId: personOf(caller),
        name: data.attributes.name,
        role: grantable(caller, data.attributes.role),
        expiresAt: await cappedExpiry(storage, caller, expiryOf(data.attributes.expires_at, clock.now())),
      }
      const rawToken = `qsk_${randomBytes(32).toString('base64url')}`
      const row = await storage.transaction(async (tx) => {
        const id = await tx.personalKeys.create(caller.accountId, key, rawToken)
        const made = (await tx.personalKeys.get(caller.accountId, id, visibilityOf(caller)))!
        await tx.audit.record(auditActor(c), {
          accountId: caller.accountId,
          action: 'api_key.created',
          target: { type: 'api_key', id, label: key.name },
          after: { name: key.name, role: key.role, expires_at: iso(key.expiresAt), user_id: key.userId },
        })
        return made
      })
      return respond(c, { data: renderKey(row, c.var.publicUrl, rawToken) }, 201)
    },
  )

/** `forgetKey`: the app's authentication cache forgets a revoked key at once. */
const revokeKeyRoute = ({ storage, clock }: Deps, forgetKey: (keyId: string) => void) => {
  const find = async (c: Context<RouteEnv>) => {
    const id = requireUuid(c.req.param('id') ?? '', 'api_key')
    const row = await storage.personalKeys.get(c.var.caller.accountId, id, visibilityOf(c.var.caller))
    if (!row) throw notFound('api_key', id)
    return row
  }
  return route(
    {
      method: 'post',
      path: '/api_keys/:id/revoke',
      role: 'viewer',
      customer: 'self',
      summary: 'Revoke an API key at once: your own, or as an admin any personal key (an owner: any key)',
      response: ApiKeyDocumentSchema,
    },
    async (c) => {
      const { caller } = c.var
      const key = await find(c)
      const row = await storage.transaction(async (tx) => {
        if (!key.revoked_at) {
          await tx.personalKeys.revoke(caller.accountId, key.id)
          await tx.audit.record(auditActor(c), {
            accountId: caller.accountId,
            action: 'api_key.revoked',
            target: { type: 'api_key', id: key.id, label: key.name },
            before: { revoked_at: null },
            after: { revoked_at: iso(clock.now()) },
          })
        }
        return (await tx.personalKeys.get(caller.accountId, key.id, visibilityOf(caller)))!
      })
      forgetKey(key.id)
      return respond(c, { data: renderKey(row, c.var.publicUrl) })
    },
  )
}

export const apiKeyRoutes = (deps: Deps, forgetKey: (keyId: string) => void) =>
  routes(listKeysRoute(deps), createKeyRoute(deps), revokeKeyRoute(deps, forgetKey))
