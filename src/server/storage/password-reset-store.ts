import { createHash } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from './database'
import { passwordResets, users } from './schema'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The token is stored only as its SHA-256. */
export const createPasswordResetStore = (db: Executor, now: () => Date) => ({
  async create(userId: string, token: string, expiresAt: Date) {
    await db
      .insert(passwordResets)
      .values({ token_hash: hashToken(token), user_id: userId, created_at: now(), expires_at: expiresAt })
  },

  async byToken(token: string) {
    const [row] = await db
      .select({ reset: passwordResets, email: users.email, role: users.role })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(eq(passwordResets.token_hash, hashToken(token)))
      .limit(1)
    return row
  },

  /** Every link of a person still out: a new password ends them all. */
  async spendAllOf(userId: string, at: Date) {
    await db
      .update(passwordResets)
      .set({ used_at: at })
      .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)))
  },

  /** Once only: of two using it at once, one gets the row. */
  async use(token: string, at: Date) {
    const [row] = await db
      .update(passwordResets)
      .set({ used_at: at })
      .where(and(eq(passwordResets.token_hash, hashToken(token)), isNull(passwordResets.used_at)))
      .returning()
    return row
  },
})
