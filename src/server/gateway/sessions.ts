import { randomBytes } from 'node:crypto'

export type SessionFacts = { apiKey: string; access: 'read-write' | 'read-only'; demo: boolean }
type Session = SessionFacts & { expiresAt: number; idleUntil: number }

const TWELVE_HOURS = 12 * 60 * 60 * 1000
const TWO_HOURS = 2 * 60 * 60 * 1000

/**
 * Server-side sessions: the browser holds only an opaque HttpOnly cookie, never the API key.
 * A session ends twelve hours after sign-in or two idle hours after its last use. Past `maxSessions` one is
 * dropped so sign-ins cannot grow memory without bound: first the oldest that was never used (a flood of
 * visits makes only those), and only when none is left the least recently used, so a person who is using
 * the dashboard is not signed out by strangers opening sessions.
 */
export function createSessionStore(now: () => number = Date.now, maxSessions = 10_000) {
  // a Map iterates in insertion order: `unused` oldest first, `used` least recently used first
  const unused = new Map<string, Session>()
  const used = new Map<string, Session>()
  const isOver = (session: Session, time: number) => session.expiresAt <= time || session.idleUntil <= time
  const dropOver = (sessions: Map<string, Session>, time: number) => {
    for (const [id, session] of sessions) {
      if (!isOver(session, time)) break
      sessions.delete(id)
    }
  }
  const size = () => unused.size + used.size
  /** The session, its idle time started again; `use` moves it among the sessions in use, most recent last. */
  const find = (id: string | undefined, use: boolean) => {
    if (!id) return undefined
    const session = unused.get(id) ?? used.get(id)
    if (!session) return undefined
    const time = now()
    if (isOver(session, time)) {
      unused.delete(id)
      used.delete(id)
      return undefined
    }
    session.idleUntil = time + TWO_HOURS
    if (use || used.has(id)) {
      unused.delete(id)
      used.delete(id)
      used.set(id, session)
    }
    return session
  }
  return {
    create(apiKey: string, facts: Partial<Omit<SessionFacts, 'apiKey'>> = {}) {
      const time = now()
      dropOver(unused, time)
      dropOver(used, time)
      while (size() >= maxSessions) {
        const oldest = unused.size > 0 ? unused : used
        oldest.delete(oldest.keys().next().value!)
      }
      const id = randomBytes(32).toString('base64url')
      unused.set(id, {
        apiKey,
        access: facts.access ?? 'read-write',
        demo: facts.demo ?? false,
        expiresAt: time + TWELVE_HOURS,
        idleUntil: time + TWO_HOURS,
      })
      return id
    },
    /** The session behind a cookie, for saying who is signed in; asking does not count as using it. */
    get: (id: string | undefined) => find(id, false),
    /** The session behind a cookie that makes an API call: it counts as used from now on. */
    use: (id: string | undefined) => find(id, true),
    delete(id: string | undefined) {
      if (!id) return
      unused.delete(id)
      used.delete(id)
    },
    get size() {
      return size()
    },
  }
}
export type SessionStore = ReturnType<typeof createSessionStore>
