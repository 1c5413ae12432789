import { randomBytes } from 'node:crypto'
import {
  InvitationCreateSchema,
  InvitationDocumentSchema,
  InvitationListDocumentSchema,
} from '../../contract/people'
import { emailInvitation } from '../alerts-delivery/people-emails'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404 } from '../http/params'
import { invalidField, problem } from '../http/problem'
import { route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import { namesOf, type ShownInvitation } from '../storage/invitation-store'
import { iso } from '../storage/iso-time'
import { auditActor } from './audit-actor'
import { partyRefusal, refuse, roleChangeRefusal, targetRefusal } from './people-rules'

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

const invitationState = (row: ShownInvitation, now: Date) =>
  row.revoked_at ? 'revoked' : row.accepted_at ? 'accepted' : row.expires_at <= now ? 'expired' : 'pending'

const renderInvitation = (row: ShownInvitation, now: Date, acceptUrl?: string) => {
  const [first_name, last_name] = namesOf(row.name)
  return {
    type: 'invitation' as const,
    id: row.id,
    attributes: {
      email: row.email,
      role: row.role,
      party_id: row.party_id,
      ...(acceptUrl ? { accept_url: acceptUrl } : {}),
      first_name,
      last_name,
      invited_by_name: row.invited_by_name,
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      accepted_at: iso(row.accepted_at),
      revoked_at: iso(row.revoked_at),
      state: invitationState(row, now),
    },
  }
}

/** Where the dashboard opens an invitation; the gateway's /session/invitations/:token answers it. */
export const acceptUrlOf = (publicUrl: string, token: string) =>
  `${new URL(publicUrl).origin}/invite/${token}`

/** The accept link is in this answer only; the token is kept as its SHA-256. */
const inviteRoute = (deps: Deps) => {
  const { storage } = deps
  const wallNow = () => (deps.wallClock ?? { now: () => new Date() }).now()
  return route(
    {
      method: 'post',
      path: '/invitations',
      summary: 'Invite a person by email; the answer shows the accept link once, valid 7 days',
      body: InvitationCreateSchema,
      response: InvitationDocumentSchema,
      status: 201,
      role: 'admin',
    },
    async (c, { body: { data } }) => {
      const { caller } = c.var
      const { email, role, party_id, first_name, last_name } = data.attributes
      refuse(roleChangeRefusal(caller.role, null, role, 1))
      refuse(partyRefusal(role, party_id))
      if (party_id && role !== 'customer')
        throw invalidField('/data/attributes/party_id', 'Only a customer has a party')
      if (party_id && !(await storage.parties.byIds(caller.accountId, [party_id]))[0])
        throw invalidField('/data/attributes/party_id', `There is no party ${party_id} in this account`)
      // another account's person is answered as a new email, so no account learns another's people
      if ((await storage.users.byEmail(email))?.account_id === caller.accountId)
        throw problem(409, {
          pointer: '/data/attributes/email',
          detail: `${email} can already sign in`,
          code: 'email_taken',
        })
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(wallNow().getTime() + INVITATION_LIFETIME_MS)
      const id = await storage.transaction(async (tx) => {
        const row = await tx.invitations.create(caller.accountId, token, {
          email,
          role,
          name: first_name ? JSON.stringify([first_name, last_name ?? null]) : null,
          party_id: party_id ?? null,
          invited_by: caller.userId ?? null,
          expires_at: expiresAt,
        })
        await tx.audit.record(auditActor(c), {
          accountId: caller.accountId,
          action: 'invitation.created',
          target: { type: 'invitation', id: row.id, label: email },
          after: { email, role, party_id: party_id ?? null, expires_at: expiresAt.toISOString() },
        })
        return row.id
      })
      const row = (await storage.invitations.get(caller.accountId, id))!
      const url = acceptUrlOf(c.var.publicUrl, token)
      emailInvitation(deps.mail, { email, invitedBy: row.invited_by_name, url })
      return respond(c, { data: renderInvitation(row, wallNow(), url) }, 201)
    },
  )
}

export const invitationRoutes = (deps: Deps) => {
  const { storage } = deps
  const wallNow = () => (deps.wallClock ?? { now: () => new Date() }).now()
  const find = findingOr404('invitation', (accountId, id) => storage.invitations.get(accountId, id))
  return routes(
    route(
      {
        method: 'get',
        path: '/invitations',
        summary: 'List invitations, newest first (Quayside extension)',
        query: pageQuery(25),
        response: InvitationListDocumentSchema,
        role: 'admin',
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await storage.invitations.list(c.var.caller.accountId, page)
        const now = wallNow()
        return respond(c, {
          data: result.rows.map((row) => renderInvitation(row, now)),
          links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
          meta: pageMeta(page, result.total),
        })
      },
    ),
    inviteRoute(deps),
    route(
      {
        method: 'post',
        path: '/invitations/:id/revoke',
        summary: 'Revoke an invitation: its link answers 410 from now on',
        response: InvitationDocumentSchema,
        role: 'admin',
      },
      async (c) => {
        const { caller } = c.var
        const before = await find(caller.accountId, c.req.param('id'))
        refuse(targetRefusal(caller.role, before.role))
        await storage.transaction(async (tx) => {
          await tx.invitations.revoke(caller.accountId, before.id)
          await tx.audit.record(auditActor(c), {
            accountId: caller.accountId,
            action: 'invitation.revoked',
            target: { type: 'invitation', id: before.id, label: before.email },
            before: { state: invitationState(before, wallNow()) },
            after: { state: 'revoked' },
          })
        })
        const row = (await storage.invitations.get(caller.accountId, before.id))!
        return respond(c, { data: renderInvitation(row, wallNow()) })
      },
    ),
  )
}
