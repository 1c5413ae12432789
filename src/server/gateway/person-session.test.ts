import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { SessionSchema } from '../../contract/session'
import type { GatewayEnv } from './client-facts'
import type { PeopleGateway, PersonFacts } from './people-gateway'
import {
  currentSession,
  endSession,
  SESSION_COOKIE,
  type SessionKit,
  startPersonSession,
} from './person-session'
import { createSessionStore } from './sessions'

const DANA: PersonFacts = {
  id: 'user-1',
  accountId: 'account-1',
  name: 'Dana Reyes',
  email: 'dana@example.com',
  role: 'admin',
  time_zone: 'Europe/Berlin',
  demo: false,
}

/** People in memory: keys minted, and which were revoked. */
const peopleOf = (people: PersonFacts[]) => {
  const minted: { key: string; userId: string; scope: string; revoked: boolean }[] = []
  const gateway = {
    userFacts: async (id) => people.find((p) => p.id === id),
    mintSessionKey: async (user, _expiresAt, scope = 'write') => {
      const key = `session-key-${minted.length}`
      minted.push({ key, userId: user.id, scope, revoked: false })
      return key
    },
    revokeSessionKey: async (key) => {
      for (const m of minted) if (m.key === key) m.revoked = true
    },
    revokeSessionKeys: async (userId, keep) => {
      for (const m of minted) if (m.userId === userId && m.key !== keep) m.revoked = true
    },
  } satisfies Partial<PeopleGateway> as PeopleGateway
  return { gateway, minted }
}

const appWith = (kit: SessionKit) =>
  new Hono<GatewayEnv>()
    .use(async (c, next) => {
      c.set('client', { address: '192.0.2.1', https: false })
      await next()
    })
    .post('/sign-in/:id', async (c) => {
      const person = await kit.people!.userFacts(c.req.param('id'))
      return startPersonSession(c, kit, person!, { access: c.req.query('read') ? 'read-only' : undefined })
    })
    .get('/session', async (c) => {
      const session = await currentSession(c, kit)
      return c.json({ signedIn: !!session, user: session?.user?.name ?? null, key: session?.facts.apiKey })
    })
    .delete('/session', async (c) => {
      await endSession(c, kit)
      return c.body(null, 204)
    })

const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]

describe("a person's dashboard session", () => {
  const setUp = (people = [DANA]) => {
    const { gateway, minted } = peopleOf(people)
    const sessions = createSessionStore()
    const app = appWith({ sessions, people: gateway, now: () => new Date(0) })
    return { app, minted, sessions }
  }

  it('answers Session with its user and sets a Lax, HttpOnly cookie', async () => {
    const { app, minted } = setUp()
    const response = await app.request('/sign-in/user-1', { method: 'POST' })
    expect(response.status).toBe(200)
    expect(SessionSchema.parse(await response.json())).toEqual({
      signedIn: true,
      demo: false,
      access: 'read-write',
      user: {
        id: 'user-1',
        name: 'Dana Reyes',
        email: 'dana@example.com',
        role: 'admin',
        time_zone: 'Europe/Berlin',
      },
    })
    const setCookie = response.headers.get('set-cookie')!
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(minted).toEqual([{ key: 'session-key-0', userId: 'user-1', scope: 'write', revoked: false }])
    const current = await app.request('/session', { headers: { cookie: cookieOf(response) } })
    expect(await current.json()).toEqual({ signedIn: true, user: 'Dana Reyes', key: 'session-key-0' })
  })

  it('never keeps the session id the browser came with, and revokes that session key', async () => {
    const { app, minted } = setUp()
    const first = cookieOf(await app.request('/sign-in/user-1', { method: 'POST' }))
    const second = cookieOf(
      await app.request('/sign-in/user-1', { method: 'POST', headers: { cookie: first } }),
    )
    expect(second).not.toBe(first)
    expect((await (await app.request('/session', { headers: { cookie: first } })).json()).signedIn).toBe(
      false,
    )
    expect(minted.map((m) => m.revoked)).toEqual([true, false])
  })

  it('mints a read-only key for a read-only session', async () => {
    const { app, minted } = setUp()
    const response = await app.request('/sign-in/user-1?read=1', { method: 'POST' })
    expect((await response.json()).access).toBe('read-only')
    expect(minted[0].scope).toBe('read')
  })

  it('revokes its session key at sign-out', async () => {
    const { app, minted, sessions } = setUp()
    const cookie = cookieOf(await app.request('/sign-in/user-1', { method: 'POST' }))
    expect((await app.request('/session', { method: 'DELETE', headers: { cookie } })).status).toBe(204)
    expect(minted[0].revoked).toBe(true)
    expect(sessions.size).toBe(0)
  })

  it('is signed out once the person is gone', async () => {
    const people = [DANA]
    const { app, sessions } = setUp(people)
    const cookie = cookieOf(await app.request('/sign-in/user-1', { method: 'POST' }))
    people.pop()
    expect((await (await app.request('/session', { headers: { cookie } })).json()).signedIn).toBe(false)
    expect(sessions.size).toBe(0)
  })
})

describe('sign out everywhere in one process', () => {
  it("ends every session of the person but the one kept, and nobody else's", async () => {
    const sessions = createSessionStore()
    const [kept, other, stranger] = [
      await sessions.create('a', { userId: 'user-1' }),
      await sessions.create('b', { userId: 'user-1' }),
      await sessions.create('c', { userId: 'user-2' }),
    ]
    await sessions.deleteForUser('user-1', kept)
    expect(await sessions.get(kept)).toBeDefined()
    expect(await sessions.get(other)).toBeUndefined()
    expect(await sessions.get(stranger)).toBeDefined()
  })
})
