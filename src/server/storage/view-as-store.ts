import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys, users } from './schema'

const hashKey = (rawKey: string) => createHash('sha256').update(rawKey).digest('hex')

/** An admin's read-only "View as": the person viewed, and a session key that sees only what they see. */
export const createViewAsStore = (db: Executor) => ({
  /** A person who can sign in, with their current role. */
  async person(userId: string) {
    const [row] = await db
      .select({
        id: users.id,
        accountId: users.account_id,
        email: users.email,
        firstName: users.first_name,
        lastName: users.last_name,
        role: users.role,
        timeZone: users.time_zone,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.role)))
      .limit(1)
    return row
  },

  /** Read scope and a viewer's ceiling: a customer stays a customer, anyone above reads as a viewer. */
  async mintKey(person: { id: string; accountId: string }, name: string, at: Date, expiresAt: Date) {
    const token = `qsk_${randomBytes(32).toString('base64url')}`
    await db.insert(apiKeys).values({
      account_id: person.accountId,
      name,
      key_hash: hashKey(token),
      scope: 'read',
      kind: 'session',
      user_id: person.id,
      role: 'viewer',
      token_prefix: token.slice(0, 12),
      created_at: at,
      expires_at: expiresAt,
    })
    return token
  },

  /** Answers whose key it was, so stopping can say whom was viewed. */
  async dropKey(rawKey: string) {
    const [row] = await db
      .delete(apiKeys)
      .where(and(eq(apiKeys.key_hash, hashKey(rawKey)), eq(apiKeys.kind, 'session')))
      .returning({ userId: apiKeys.user_id })
    return row?.userId ?? undefined
  },

  async keyOwner(rawKey: string) {
    const [row] = await db
      .select({ userId: apiKeys.user_id })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, hashKey(rawKey)), eq(apiKeys.kind, 'session')))
      .limit(1)
    return row?.userId ?? undefined
  },
})
