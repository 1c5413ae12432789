import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import type { GatewayEnv } from './client-facts'
import { isCrossOrigin } from './csrf'
import { refusalPage } from './oauth-consent-page'
import { type AuthorizeKit, htmlAnswer } from './oauth-kit'
import { redirectWith } from './oauth-redirects'
import { ownOrigin } from './oauth-resource'
import { CODE_MS, newToken, tokenHash } from './oauth-tokens'
import { SESSION_COOKIE } from './person-session'

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i

/**
 * The consent form's answer. CSRF-safe twice over: it must come from this origin, and carry the nonce the
 * consent page was given, which is bound to this browser's session and answered once.
 */
export function consentAnswerRoute(kit: AuthorizeKit) {
  return new Hono<GatewayEnv>().post('/oauth/authorize', async (c) => {
    const refuse = (title: string, detail: string) => htmlAnswer(c, refusalPage(title, detail), 403)
    if (isCrossOrigin(c, c.var.client, kit.publicUrl) || !FORM_TYPE.test(c.req.header('Content-Type') ?? ''))
      return refuse(
        'Not sent from Quayside',
        'An app can only be authorised from Quayside’s own consent page.',
      )
    const form = new URLSearchParams(await c.req.text())
    const sessionId = getCookie(c, SESSION_COOKIE)
    const facts = await kit.sessions.get(sessionId)
    const at = kit.now()
    const pending =
      sessionId && facts?.userId
        ? await kit.store.oauth.pending(tokenHash(form.get('nonce') ?? ''), tokenHash(sessionId), at)
        : undefined
    if (!pending || pending.user_id !== facts?.userId)
      return refuse('This request has expired', 'Go back to the app and start again.')
    const person = await kit.people.userFacts(pending.user_id)
    if (!person) return refuse('Signed out', 'Sign in again, then start again from the app.')
    const iss = ownOrigin(c, kit.publicUrl)
    if (form.get('decision') !== 'allow') {
      await kit.store.oauth.deny(pending.id)
      return c.redirect(
        redirectWith(pending.redirect_uri, { error: 'access_denied', state: pending.state, iss }),
        302,
      )
    }
    const code = newToken('qsa_')
    const allowed = await kit.store.transaction(async (tx) => {
      if (!(await tx.oauth.allow(pending.id, tokenHash(code), new Date(at.getTime() + CODE_MS)))) return false
      const client = await tx.oauth.client(pending.client_id)
      await tx.audit.record(
        { kind: 'user', id: person.id, name: person.name, via: 'dashboard', address: c.var.client.address },
        {
          accountId: person.accountId,
          action: 'oauth_app.authorized',
          target: { type: 'oauth_client', id: pending.client_id, label: client?.client_name },
          after: { scope: pending.scope, redirect_uri: pending.redirect_uri },
        },
      )
      return true
    })
    if (!allowed) return refuse('Already answered', 'Go back to the app and start again.')
    return c.redirect(redirectWith(pending.redirect_uri, { code, state: pending.state, iss }), 302)
  })
}
