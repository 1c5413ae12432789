import { randomBytes } from 'node:crypto'

type Session = { apiKey: string; demo: boolean; expiresAt: number }

const TWELVE_HOURS = 12 * 60 * 60 * 1000

/** Server-side sessions: the browser holds only an opaque HttpOnly cookie, never the API key. */
export function createSessionStore(now: () => number = Date.now) {
  const sessions = new Map<string, Session>()
  return {
    create(apiKey: string, demo: boolean) {
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { apiKey, demo, expiresAt: now() + TWELVE_HOURS })
      return id
    },
    get(id: string | undefined) {
      if (!id) return undefined
      const session = sessions.get(id)
      if (session && session.expiresAt < now()) {
        sessions.delete(id)
        return undefined
      }
      return session
    },
    delete(id: string | undefined) {
      if (id) sessions.delete(id)
    },
  }
}
export type SessionStore = ReturnType<typeof createSessionStore>
