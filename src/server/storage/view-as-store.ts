import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys } from './schema'

const hashKey = (rawKey: string) => createHash('sha256').update(rawKey).digest('hex')

/** An admin's read-only "View as" keeps only the viewed person's session key: whose it is comes from here. */
export const createViewAsStore = (db: Executor) => ({
  async keyHolder(rawKey: string) {
    const [row] = await db
      .select({ userId: apiKeys.user_id })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, hashKey(rawKey)), eq(apiKeys.kind, 'session')))
      .limit(1)
    return row?.userId ?? undefined
  },
})
