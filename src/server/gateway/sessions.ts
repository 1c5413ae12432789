import { randomBytes } from 'node:crypto'

/** Who a session is: its key, whether that key may write, and whether it is the demo account's. */
export type SessionFacts = { apiKey: string; access: 'read-write' | 'read-only'; demo: boolean }
type Session = SessionFacts & { expiresAt: number; idleUntil: number }

const TWELVE_HOURS = 12 * 60 * 60 * 1000
const TWO_HOURS = 2 * 60 * 60 * 1000

/**
 * Server-side sessions: the browser holds only an opaque HttpOnly cookie, never the API key.
 * A session ends twelve hours after sign-in or two idle hours after its last use; past `maxSessions`
 * the least recently used one is dropped, so sign-ins cannot grow memory without bound.
 */
export function createSessionStore(now: () => number = Date.now, maxSessions = 10_000) {
  // a Map iterates in insertion order; re-inserting on use keeps the least recently used first
  const sessions = new Map<string, Session>()
  const isOver = (session: Session, time: number) => session.expiresAt <= time || session.idleUntil <= time
  return {
    create(apiKey: string, facts: Partial<Omit<SessionFacts, 'apiKey'>> = {}) {
      const time = now()
      for (const [id, session] of sessions) {
        if (!isOver(session, time)) break
        sessions.delete(id)
      }
      while (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value!)
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, {
        apiKey,
        access: facts.access ?? 'read-write',
        demo: facts.demo ?? false,
        expiresAt: time + TWELVE_HOURS,
        idleUntil: time + TWO_HOURS,
      })
      return id
    },
    get(id: string | undefined) {
      if (!id) return undefined
      const session = sessions.get(id)
      if (!session) return undefined
      sessions.delete(id)
      const time = now()
      if (isOver(session, time)) return undefined
      session.idleUntil = time + TWO_HOURS
      sessions.set(id, session)
      return session
    },
    delete(id: string | undefined) {
      if (id) sessions.delete(id)
    },
    get size() {
      return sessions.size
    },
  }
}
export type SessionStore = ReturnType<typeof createSessionStore>
