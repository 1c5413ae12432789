import { eq } from 'drizzle-orm'
import type { Executor } from './database'
import { createOAuthConsents } from './oauth-consents'
import { createOAuthGrants } from './oauth-grant-store'
import { createOAuthRefreshTokens } from './oauth-refresh-store'
import { oauthClients } from './schema'

export type OAuthClient = typeof oauthClients.$inferSelect

const createOAuthClients = (db: Executor, now: () => Date) => ({
  async registerClient(client: Omit<OAuthClient, 'created_at'>) {
    const [row] = await db
      .insert(oauthClients)
      .values({ ...client, created_at: now() })
      .returning()
    return row
  },

  async client(id: string) {
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1)
    return row
  },
})

/** Dynamic clients, consents, one-time codes, grants and refresh tokens; every token is kept as its SHA-256 only. */
export const createOAuthStore = (db: Executor, now: () => Date) => ({
  ...createOAuthClients(db, now),
  ...createOAuthConsents(db, now),
  ...createOAuthGrants(db, now),
  ...createOAuthRefreshTokens(db, now),
})
