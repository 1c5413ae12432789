import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import type { MapTiles, SessionUser } from '../../contract/session'
import { readBoundedJson } from '../http/bounded-json'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { isCrossOrigin, refuseCrossSiteWrite } from './csrf'
import type { DemoSignIn } from './demo-access'
import { invitationRoutes } from './invitation-routes'
import { passwordRoutes } from './password-routes'
import { isPasswordSignIn, passwordSignIn } from './password-sign-in'
import type { PeopleGateway } from './people-gateway'
import {
  answerSession,
  currentSession,
  endSession,
  forgetSessionCookie,
  SESSION_COOKIE,
  type SessionKit,
  sessionUser,
  startSession,
} from './person-session'
import { earlyRefusal } from './refusal'
import type { SessionStore } from './sessions'
import { acceptedKey } from './sign-in'

export { SESSION_COOKIE }

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
  /** The built-in service's people; none behind a pass-through gateway. */
  people?: PeopleGateway
  now: () => Date
  /** Whom an admin's session views as (View as), from its read-only key. */
  viewingAs?: (viewAsKey: string | undefined) => Promise<SessionUser | null>
}

/** Kept server-side behind an HttpOnly cookie. */
export function sessionRoutes(options: SessionRouteOptions) {
  const { sessions, demo, limits, publicUrl } = options
  const kit: SessionKit = {
    sessions,
    people: options.people,
    publicUrl,
    mapTiles: options.mapTiles,
    now: options.now,
  }
  let demoPersonFound: ReturnType<PeopleGateway['demoPerson']> | undefined
  const demoPerson = () => {
    if (!demo || !options.people) return undefined
    demoPersonFound ??= options.people.demoPerson(demo.apiKey)
    return demoPersonFound
  }
  const accessOf = async (apiKey: string) => {
    if (apiKey === demo?.apiKey) return 'read-write'
    if (apiKey === demo?.readOnlyKey) return 'read-only'
    return (await options.scopeOf?.(apiKey)) === 'read' ? 'read-only' : 'read-write'
  }

  return new Hono<GatewayEnv>()
    .get('/', async (c) => {
      const session = await currentSession(c, kit)
      if (session) {
        const { facts, user } = session
        const answer = {
          signedIn: true,
          demo: facts.demo,
          access: facts.access,
          user: user ? sessionUser(user) : null,
          viewingAs: (await options.viewingAs?.(facts.viewAsKey)) ?? null,
        }
        return answerSession(c, kit, answer)
      }
      // never for another site
      if (!demo || isCrossOrigin(c, c.var.client, publicUrl))
        return answerSession(c, kit, { signedIn: false, demo: false, access: 'read-write', user: null })
      limits.takeSessionStart(c.var.client.address)
      const apiKey = demo.access === 'read-only' ? demo.readOnlyKey : demo.apiKey
      // the demo's own keys, not one minted per visitor: a flood of visitors writes no key rows
      const person = await demoPerson()
      return startSession(c, kit, { apiKey, access: demo.access, demo: true, userId: person?.id }, person)
    })
    .post(
      '/',
      async (c, next) => {
        refuseCrossSiteWrite(c, c.var.client, publicUrl)
        limits.checkFailures(c.var.client.address)
        if (!(await sessions.get(getCookie(c, SESSION_COOKIE)))) limits.takeSessionStart(c.var.client.address)
        return next()
      },
      bodyLimit({
        maxSize: MAX_SIGN_IN_BYTES,
        onError: () => {
          throw earlyRefusal(413, { detail: 'A sign-in is at most 4 KB', code: 'payload_too_large' })
        },
      }),
      async (c) => {
        const { json } = await readBoundedJson(c)
        if (isPasswordSignIn(json)) return passwordSignIn(c, kit, limits, json)
        const apiKey = await acceptedKey(c, json, options.probe, limits)
        const demoKey = apiKey === demo?.apiKey || apiKey === demo?.readOnlyKey
        return startSession(c, kit, { apiKey, access: await accessOf(apiKey), demo: demoKey })
      },
    )
    .route('/invitations', invitationRoutes(kit, limits))
    .route('/', passwordRoutes(kit, limits))
    .delete('/', async (c) => {
      if (getCookie(c, SESSION_COOKIE)) refuseCrossSiteWrite(c, c.var.client, publicUrl)
      await endSession(c, kit)
      forgetSessionCookie(c, kit)
      return c.body(null, 204)
    })
}
