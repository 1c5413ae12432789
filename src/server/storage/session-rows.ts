import { and, asc, count, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { sessions } from './schema'

export type SessionRow = typeof sessions.$inferSelect

const BUMP_EVERY_MS = 60 * 1000

/** Times come from the caller: sessions run on the wall clock, not a demo's fast-forwarded one. */
export const createSessionRows = (db: Executor) => ({
  async find(idHash: string) {
    const [row] = await db.select().from(sessions).where(eq(sessions.id_hash, idHash)).limit(1)
    return row as SessionRow | undefined
  },

  /** At most once a minute per session, so a page's many reads don't each write. */
  async touch(row: SessionRow, at: Date, idleUntil: Date, use: boolean) {
    const staleIdle = idleUntil.getTime() - row.idle_until.getTime() >= BUMP_EVERY_MS
    const staleUse = use && (!row.used_at || at.getTime() - row.used_at.getTime() >= BUMP_EVERY_MS)
    if (!staleIdle && !staleUse) return
    await db
      .update(sessions)
      .set(staleUse ? { idle_until: idleUntil, used_at: at } : { idle_until: idleUntil })
      .where(eq(sessions.id_hash, row.id_hash))
  },

  async insert(row: typeof sessions.$inferInsert) {
    await db.insert(sessions).values(row)
  },

  async setViewAs(idHash: string, sealedKey: string | null) {
    await db.update(sessions).set({ view_as_key_sealed: sealedKey }).where(eq(sessions.id_hash, idHash))
  },

  async remove(idHash: string) {
    await db.delete(sessions).where(eq(sessions.id_hash, idHash))
  },

  /** "Sign out everywhere": every process reads the row at each request, so this holds at once. */
  async removeForUser(userId: string, exceptIdHash?: string) {
    const others = exceptIdHash ? [ne(sessions.id_hash, exceptIdHash)] : []
    await db.delete(sessions).where(and(eq(sessions.user_id, userId), ...others))
  },

  async sweep(at: Date) {
    await db.delete(sessions).where(or(lte(sessions.expires_at, at), lte(sessions.idle_until, at)))
  },

  /** Never-used sessions go first, oldest first; then the least recently used. Answers how many are left. */
  async evictDownTo(limit: number) {
    const [{ total }] = await db.select({ total: count() }).from(sessions)
    const excess = total - limit
    if (excess <= 0) return total
    const victims = db
      .select({ id_hash: sessions.id_hash })
      .from(sessions)
      .orderBy(
        asc(isNotNull(sessions.used_at)),
        asc(sql`coalesce(${sessions.used_at}, ${sessions.created_at})`),
      )
      .limit(excess)
    await db.delete(sessions).where(inArray(sessions.id_hash, victims))
    return limit
  },
})
