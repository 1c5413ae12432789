import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { MapTiles, Session, SessionUser } from '../../contract/session'
import type { GatewayEnv } from './client-facts'
import type { PeopleGateway, PersonFacts } from './people-gateway'
import { type SessionFacts, type SessionStore, TWELVE_HOURS } from './sessions'

export const SESSION_COOKIE = 'quayside_session'

/** What starting, answering and ending a dashboard session needs. */
export type SessionKit = {
  sessions: SessionStore
  people?: PeopleGateway
  publicUrl?: string
  mapTiles?: MapTiles
  now: () => Date
}

const secure = (c: Context<GatewayEnv>, kit: SessionKit) =>
  c.var.client.https || kit.publicUrl?.startsWith('https:') === true

export const sessionUser = ({ id, name, email, role, time_zone }: PersonFacts): SessionUser => ({
  id,
  name,
  email,
  role,
  time_zone,
})

export const answerSession = (c: Context, kit: SessionKit, session: Session) =>
  c.json(session.signedIn && kit.mapTiles ? { ...session, mapTiles: kit.mapTiles } : session)

/** Deletes the browser's session, and its session key when it was a person's. */
export async function endSession(c: Context<GatewayEnv>, kit: SessionKit) {
  const id = getCookie(c, SESSION_COOKIE)
  const session = await kit.sessions.get(id)
  // the demo's sessions share the demo's own keys
  if (session?.userId && !session.demo) await kit.people?.revokeSessionKey(session.apiKey)
  if (session?.viewAsKey) await kit.people?.revokeSessionKey(session.viewAsKey)
  await kit.sessions.delete(id)
}

/** The browser's session as the dashboard sees it, with its person when it has one. */
export async function currentSession(c: Context<GatewayEnv>, kit: SessionKit) {
  const id = getCookie(c, SESSION_COOKIE)
  const facts = await kit.sessions.get(id)
  if (!facts?.userId) return facts && { facts, user: undefined }
  const person = await kit.people?.userFacts(facts.userId)
  if (person) return { facts, user: person }
  // removed, or no longer allowed to sign in: the session died with them
  await kit.sessions.delete(id)
  return undefined
}

/** Never keeps the session id the browser arrived with (session fixation). */
export async function startSession(
  c: Context<GatewayEnv>,
  kit: SessionKit,
  facts: SessionFacts,
  user?: PersonFacts,
) {
  await endSession(c, kit)
  setCookie(c, SESSION_COOKIE, await kit.sessions.create(facts.apiKey, facts), {
    httpOnly: true,
    // Lax, so a link from an invitation email opens signed in; writes stay same-origin JSON only (csrf.ts)
    sameSite: 'Lax',
    path: '/',
    secure: secure(c, kit),
    maxAge: TWELVE_HOURS / 1000,
  })
  return answerSession(c, kit, {
    signedIn: true,
    demo: facts.demo,
    access: facts.access,
    user: user ? sessionUser(user) : null,
  })
}

export const forgetSessionCookie = (c: Context<GatewayEnv>, kit: SessionKit) =>
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c, kit) })

/**
 * Signs a person in: discards the incoming session, mints a session key that acts as the person (read-only
 * for a read-only session), stores the session with its person, sets the cookie and answers Session with `user`.
 */
export async function startPersonSession(
  c: Context<GatewayEnv>,
  kit: SessionKit,
  person: PersonFacts,
  options: { access?: SessionFacts['access']; demo?: boolean } = {},
) {
  if (!kit.people) throw new Error('This gateway has no people')
  const access = options.access ?? 'read-write'
  const expiresAt = new Date(kit.now().getTime() + TWELVE_HOURS)
  const apiKey = await kit.people.mintSessionKey(person, expiresAt, access === 'read-only' ? 'read' : 'write')
  return startSession(c, kit, { apiKey, access, demo: options.demo ?? false, userId: person.id }, person)
}
