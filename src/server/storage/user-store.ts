import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from './database'
import { users } from './schema'

type UserRow = typeof users.$inferSelect

const personName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email

export const createUserStore = (db: Executor, _now: () => Date) => ({
  /** A person who may sign in (role not null), whatever the account. */
  async signInFacts(userId: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.role)))
      .limit(1)
    if (!user?.role) return undefined
    return {
      id: user.id,
      accountId: user.account_id,
      name: personName(user),
      email: user.email,
      role: user.role,
      time_zone: user.time_zone,
      demo: user.demo,
    }
  },
})
