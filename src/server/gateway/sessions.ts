import { randomBytes } from 'node:crypto'

export type SessionFacts = {
  apiKey: string
  access: 'read-write' | 'read-only'
  demo: boolean
  /** A person's sign-in, as opposed to a key's or the demo's. */
  userId?: string
  /** While an admin views as another person: that person's read-only session key, sent instead. */
  viewAsKey?: string
}
type Session = SessionFacts & { expiresAt: number; idleUntil: number }

export const TWELVE_HOURS = 12 * 60 * 60 * 1000
export const TWO_HOURS = 2 * 60 * 60 * 1000
export const MAX_SESSIONS = 10_000

/** The gateway's view: kept in memory (a pass-through gateway has no database) or in the database. */
export type SessionStore = {
  create(apiKey: string, facts?: Partial<Omit<SessionFacts, 'apiKey'>>): Promise<string>
  /** Asking does not count as using it. */
  get(id: string | undefined): Promise<SessionFacts | undefined>
  use(id: string | undefined): Promise<SessionFacts | undefined>
  delete(id: string | undefined): Promise<void>
  /** Starts (a key) or stops (undefined) viewing as another person. */
  viewAs(id: string, apiKey: string | undefined): Promise<void>
  /** Every session of the person but `exceptId`. */
  deleteForUser(userId: string, exceptId?: string): Promise<void>
}

/** One process's memory only. Past `maxSessions`, the oldest never-used session goes first, so strangers cannot sign a working person out. */
export function createSessionStore(now: () => number = Date.now, maxSessions = MAX_SESSIONS) {
  // a Map iterates in insertion order
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
    async create(apiKey: string, facts: Partial<Omit<SessionFacts, 'apiKey'>> = {}) {
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
        userId: facts.userId,
        expiresAt: time + TWELVE_HOURS,
        idleUntil: time + TWO_HOURS,
      })
      return id
    },
    get: async (id: string | undefined) => find(id, false),
    use: async (id: string | undefined) => find(id, true),
    async delete(id: string | undefined) {
      if (!id) return
      unused.delete(id)
      used.delete(id)
    },
    async viewAs(id: string, apiKey: string | undefined) {
      const session = unused.get(id) ?? used.get(id)
      if (session) session.viewAsKey = apiKey
    },
    async deleteForUser(userId: string, exceptId?: string) {
      for (const sessions of [unused, used])
        for (const [id, session] of sessions)
          if (session.userId === userId && id !== exceptId) sessions.delete(id)
    },
    get size() {
      return size()
    },
  }
}
