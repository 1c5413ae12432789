import { randomBytes } from 'node:crypto'
import { z } from 'zod/mini'
import { resource, singleDocument, timestamp } from '../../contract/document'
import { UserDocumentSchema, UserListDocumentSchema, UserUpdateSchema } from '../../contract/people'
import { emailPasswordReset } from '../alerts-delivery/people-emails'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404 } from '../http/params'
import { problem } from '../http/problem'
import { route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import type { ShownUser } from '../storage/user-store'
import { auditActor } from './audit-actor'
import { demoRefusal, refuse, targetRefusal } from './people-rules'
import { changeUser, removeUser } from './user-changes'
import { renderUser } from './user-resource'

const RESET_LIFETIME_MS = 60 * 60 * 1000

const PasswordResetDocumentSchema = singleDocument(
  resource('password_reset', { reset_url: z.nullish(z.string()), expires_at: z.nullish(timestamp) }, {}),
)

type FindUser = (accountId: string, id: string) => Promise<ShownUser>

/** Shown to copy, and emailed too when outbound mail is configured. */
const passwordResetRoute = (deps: Deps, find: FindUser) => {
  const { storage } = deps
  const wallNow = () => (deps.wallClock ?? { now: () => new Date() }).now()
  return route(
    {
      method: 'post',
      path: '/users/:id/password_reset',
      summary:
        'Make a password reset link, valid an hour; a person changes their own password at the sign-in',
      response: PasswordResetDocumentSchema,
      status: 201,
      role: 'admin',
    },
    async (c) => {
      const { caller } = c.var
      const user = await find(caller.accountId, c.req.param('id'))
      refuse(targetRefusal(caller.role, user.user.role, true))
      refuse(demoRefusal(user.user))
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(wallNow().getTime() + RESET_LIFETIME_MS)
      await storage.transaction(async (tx) => {
        await tx.passwordResets.create(user.user.id, token, expiresAt)
        await tx.audit.record(auditActor(c), {
          accountId: caller.accountId,
          action: 'user.password_reset_created',
          target: { type: 'user', id: user.user.id, label: user.user.email },
          after: { expires_at: expiresAt.toISOString() },
        })
      })
      const resetUrl = `${new URL(c.var.publicUrl).origin}/reset-password/${token}`
      emailPasswordReset(deps.mail, { email: user.user.email, url: resetUrl })
      return respond(
        c,
        {
          data: {
            type: 'password_reset',
            id: user.user.id,
            attributes: { reset_url: resetUrl, expires_at: expiresAt.toISOString() },
          },
        },
        201,
      )
    },
  )
}

const noUser = () => problem(404, { detail: "This is an account key, not a person's", code: 'no_user' })

/** The list, the caller's own person, and anyone's by id. */
const readRoutes = ({ storage }: Deps, find: FindUser) => [
  route(
    {
      method: 'get',
      path: '/users',
      summary: "List the account's people who may sign in (Quayside extension)",
      query: pageQuery(25),
      response: UserListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const result = await storage.users.list(c.var.caller.accountId, page)
      return respond(c, {
        data: result.rows.map(renderUser),
        links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
        meta: pageMeta(page, result.total),
      })
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me',
      customer: 'self',
      summary: "The caller's own person",
      response: UserDocumentSchema,
    },
    async (c) => {
      const { caller } = c.var
      if (!caller.userId) throw noUser()
      return respond(c, { data: renderUser(await find(caller.accountId, caller.userId)) })
    },
  ),
  route(
    { method: 'get', path: '/users/:id', summary: 'Get a person', response: UserDocumentSchema },
    async (c) => respond(c, { data: renderUser(await find(c.var.caller.accountId, c.req.param('id'))) }),
  ),
]

/** `forgetUser`: the caller cache drops the person, so a role change or removal holds at the next call. */
const writeRoutes = ({ storage }: Deps, find: FindUser, forgetUser: (userId: string) => void) => [
  route(
    {
      method: 'patch',
      path: '/users/me',
      role: 'viewer',
      customer: 'self',
      summary: 'Change your own name and time zone',
      body: UserUpdateSchema,
      response: UserDocumentSchema,
      idParam: false,
    },
    async (c, { body: { data } }) => {
      const { caller } = c.var
      if (!caller.userId) throw noUser()
      const user = await find(caller.accountId, caller.userId)
      const changed = await changeUser(storage, { caller, actor: auditActor(c) }, user, data.attributes)
      forgetUser(user.user.id)
      return respond(c, { data: renderUser(changed) })
    },
  ),
  route(
    {
      method: 'patch',
      path: '/users/:id',
      summary: "Change a person's name, time zone, role or party",
      body: UserUpdateSchema,
      response: UserDocumentSchema,
      role: 'admin',
    },
    async (c, { body: { data } }) => {
      const { caller } = c.var
      const user = await find(caller.accountId, c.req.param('id'))
      const changed = await changeUser(storage, { caller, actor: auditActor(c) }, user, data.attributes)
      forgetUser(user.user.id)
      return respond(c, { data: renderUser(changed) })
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/:id',
      summary: 'Remove a person: their keys and sessions stop at once; records keep their name',
      response: 'empty',
      role: 'admin',
    },
    async (c) => {
      const { caller } = c.var
      const user = await find(caller.accountId, c.req.param('id'))
      await removeUser(storage, { caller, actor: auditActor(c) }, user)
      forgetUser(user.user.id)
      return c.body(null, 204)
    },
  ),
]

export const userRoutes = (deps: Deps, forgetUser: (userId: string) => void) => {
  const find = findingOr404('user', (accountId, id) => deps.storage.users.get(accountId, id))
  return routes(
    ...readRoutes(deps, find),
    ...writeRoutes(deps, find, forgetUser),
    passwordResetRoute(deps, find),
  )
}
