import { eq } from 'drizzle-orm'
import type { Executor } from './database'
import { serviceSecrets } from './schema'

export const createSecretStore = (db: Executor, now: () => Date) => ({
  /** The first caller's `candidate` becomes it, so every process shares one. */
  async shared(name: string, candidate: string) {
    await db
      .insert(serviceSecrets)
      .values({ name, value: candidate, created_at: now() })
      .onConflictDoNothing({ target: serviceSecrets.name })
    const [row] = await db
      .select({ value: serviceSecrets.value })
      .from(serviceSecrets)
      .where(eq(serviceSecrets.name, name))
    return row.value
  },
})
