import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { MapTiles, Session } from '../../contract/session'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { isCrossOrigin, refuseCrossSiteWrite } from './csrf'
import type { DemoSignIn } from './demo-access'
import { earlyRefusal } from './refusal'
import type { SessionFacts, SessionStore } from './sessions'
import { acceptedKey } from './sign-in'

export const SESSION_COOKIE = 'quayside_session'
const MAX_SIGN_IN_BYTES = 4 * 1024

export type SessionRouteOptions = {
  sessions: SessionStore
  demo?: DemoSignIn
  limits: AttemptLimits
  publicUrl?: string
  probe: (c: Context, apiKey: string) => Promise<number>
  /** The built-in service can say; a remote one cannot. */
  scopeOf?: (apiKey: string) => Promise<'read' | 'write' | undefined>
  mapTiles?: MapTiles
}

/** Kept server-side behind an HttpOnly cookie. */
export function sessionRoutes(options: SessionRouteOptions) {
  const { sessions, demo, limits, publicUrl } = options
  const secure = (c: Context<GatewayEnv>) => c.var.client.https || publicUrl?.startsWith('https:') === true
  const current = (c: Context) => sessions.get(getCookie(c, SESSION_COOKIE))
  const answer = (c: Context, session: Session) =>
    c.json(session.signedIn && options.mapTiles ? { ...session, mapTiles: options.mapTiles } : session)
  const start = async (c: Context<GatewayEnv>, facts: SessionFacts) => {
    // never keep the session id the browser arrived with
    await sessions.delete(getCookie(c, SESSION_COOKIE))
    setCookie(c, SESSION_COOKIE, await sessions.create(facts.apiKey, facts), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: secure(c),
      maxAge: 12 * 60 * 60,
    })
    return answer(c, { signedIn: true, demo: facts.demo, access: facts.access })
  }
  const accessOf = async (apiKey: string) => {
    if (apiKey === demo?.apiKey) return 'read-write'
    if (apiKey === demo?.readOnlyKey) return 'read-only'
    return (await options.scopeOf?.(apiKey)) === 'read' ? 'read-only' : 'read-write'
  }

  return new Hono<GatewayEnv>()
    .get('/', async (c) => {
      const session = await current(c)
      if (session) return answer(c, { signedIn: true, demo: session.demo, access: session.access })
      // never for another site
      if (!demo || isCrossOrigin(c, c.var.client, publicUrl))
        return answer(c, { signedIn: false, demo: false, access: 'read-write' })
      limits.takeSessionStart(c.var.client.address)
      const apiKey = demo.access === 'read-only' ? demo.readOnlyKey : demo.apiKey
      return start(c, { apiKey, access: demo.access, demo: true })
    })
    .post(
      '/',
      async (c, next) => {
        refuseCrossSiteWrite(c, c.var.client, publicUrl)
        limits.checkFailures(c.var.client.address)
        if (!(await current(c))) limits.takeSessionStart(c.var.client.address)
        return next()
      },
      bodyLimit({
        maxSize: MAX_SIGN_IN_BYTES,
        onError: () => {
          throw earlyRefusal(413, { detail: 'A sign-in is at most 4 KB', code: 'payload_too_large' })
        },
      }),
      async (c) => {
        const apiKey = await acceptedKey(c, options.probe, limits)
        const demoKey = apiKey === demo?.apiKey || apiKey === demo?.readOnlyKey
        return start(c, { apiKey, access: await accessOf(apiKey), demo: demoKey })
      },
    )
    .delete('/', async (c) => {
      if (getCookie(c, SESSION_COOKIE)) refuseCrossSiteWrite(c, c.var.client, publicUrl)
      await sessions.delete(getCookie(c, SESSION_COOKIE))
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c) })
      return c.body(null, 204)
    })
}
