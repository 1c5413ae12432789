import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { PasswordChangeSchema, PasswordResetSchema } from '../../contract/people'
import { problem } from '../http/problem'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { refuseCrossSiteWrite } from './csrf'
import { hashPassword, passwordMatches } from './passwords'
import { limitPersonBody, originOf, peopleOf, readJson, refuseToken } from './person-body'
import {
  currentSession,
  forgetSessionCookie,
  SESSION_COOKIE,
  type SessionKit,
  startPersonSession,
} from './person-session'
import { sessionEvent } from './session-audit'

/** The signed-in person, or 401; a key's or the demo's session has none. */
async function signedInPerson(c: Context<GatewayEnv>, kit: SessionKit) {
  refuseCrossSiteWrite(c, c.var.client, kit.publicUrl)
  peopleOf(kit)
  const session = await currentSession(c, kit)
  if (!session) throw problem(401, { detail: 'Sign in first', code: 'unauthorized' })
  if (!session.user || session.user.demo)
    throw problem(403, { detail: 'This session is not a person with a password', code: 'no_user' })
  return { ...session, user: session.user, id: getCookie(c, SESSION_COOKIE)! }
}

/** Every session of the person ends, in every process: its row is read at each request. */
async function signOutPerson(kit: SessionKit, userId: string, keep?: { id: string; apiKey: string }) {
  await kit.sessions.deleteForUser(userId, keep?.id)
  await peopleOf(kit).revokeSessionKeys(userId, keep?.apiKey)
}

export function passwordRoutes(kit: SessionKit, limits: AttemptLimits) {
  return new Hono<GatewayEnv>()
    .post('/sign-out-everywhere', limitPersonBody, async (c) => {
      const { user } = await signedInPerson(c, kit)
      await signOutPerson(kit, user.id)
      const person = await peopleOf(kit).userFacts(user.id)
      if (person)
        await peopleOf(kit).recordSession?.(
          person,
          sessionEvent(person, 'user.signed_out_everywhere'),
          originOf(c, kit),
        )
      forgetSessionCookie(c, kit)
      return c.body(null, 204)
    })
    .post('/password', limitPersonBody, async (c) => {
      const { user, facts, id } = await signedInPerson(c, kit)
      limits.checkFailures(c.var.client.address)
      // guessing a stolen session's password from many addresses is counted per email, as at sign-in
      limits.checkPasswordSignIn(user.email)
      const people = peopleOf(kit)
      const body = await readJson(c, PasswordChangeSchema)
      const current = await people.passwordHash(user.id)
      if (current && !(await passwordMatches(current, body.current_password ?? ''))) {
        limits.recordPasswordFailure(c.var.client.address, user.email)
        throw problem(401, {
          detail: 'That is not your current password',
          pointer: '/current_password',
          code: 'invalid_credentials',
        })
      }
      await people.setPassword(user, await hashPassword(body.new_password), originOf(c, kit))
      await signOutPerson(kit, user.id, { id, apiKey: facts.apiKey })
      return c.body(null, 204)
    })
    .get('/password-resets/:token', async (c) => {
      limits.checkFailures(c.var.client.address)
      const reset = await peopleOf(kit).passwordReset(c.req.param('token'), kit.now())
      if (!reset) limits.recordFailure(c.var.client.address)
      refuseToken('password_reset', reset?.state)
      return c.json({ email: reset!.email })
    })
    .post('/password-resets/:token', limitPersonBody, async (c) => {
      refuseCrossSiteWrite(c, c.var.client, kit.publicUrl)
      limits.checkFailures(c.var.client.address)
      const people = peopleOf(kit)
      const { password } = await readJson(c, PasswordResetSchema)
      const reset = await people.passwordReset(c.req.param('token'), kit.now())
      if (!reset) limits.recordFailure(c.var.client.address)
      refuseToken('password_reset', reset?.state)
      const used = await people.usePasswordReset(
        c.req.param('token'),
        await hashPassword(password),
        originOf(c, kit),
      )
      if (typeof used !== 'object') refuseToken('password_reset', used)
      const person = used as Exclude<typeof used, string | undefined>
      await signOutPerson(kit, person.id)
      return startPersonSession(c, kit, person)
    })
}
