import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Role } from '../../contract/people'
import { hashKey } from './api-key-store'
import type { Executor } from './database'
import { paged } from './paged'
import { apiKeys, users } from './schema'
import type { PageRequest } from './shipment-store'

/** Whose keys a caller sees: its own, every person's (an admin), and the account's too (an owner). */
export type KeyVisibility = { userId?: string; everyPerson: boolean; accountKeys: boolean }

const columns = {
  id: apiKeys.id,
  account_id: apiKeys.account_id,
  name: apiKeys.name,
  kind: apiKeys.kind,
  scope: apiKeys.scope,
  role: apiKeys.role,
  token_prefix: apiKeys.token_prefix,
  user_id: apiKeys.user_id,
  created_at: apiKeys.created_at,
  last_used_at: apiKeys.last_used_at,
  expires_at: apiKeys.expires_at,
  revoked_at: apiKeys.revoked_at,
  user_first_name: users.first_name,
  user_last_name: users.last_name,
  user_email: users.email,
}

/** A person's own keys and the apps they authorised (OAuth). */
const PERSON_KINDS = ['personal', 'oauth'] as const

/** Session keys are the dashboard's, never listed or revoked here. */
function visible(accountId: string, who: KeyVisibility): SQL {
  const ofPeople = inArray(apiKeys.kind, PERSON_KINDS)
  const personal = who.everyPerson
    ? ofPeople
    : and(ofPeople, who.userId ? eq(apiKeys.user_id, who.userId) : sql`false`)
  const kinds = who.accountKeys ? or(personal, eq(apiKeys.kind, 'account')) : personal
  return and(eq(apiKeys.account_id, accountId), kinds) as SQL
}

/** A person's own API keys: the token is shown once, and only its SHA-256 and first 12 characters are kept. */
export const createPersonalKeyStore = (db: Executor, now: () => Date) => {
  const select = () => db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.user_id))
  return {
    list: (accountId: string, who: KeyVisibility, page: PageRequest) =>
      paged(
        select()
          .where(visible(accountId, who))
          .orderBy(desc(apiKeys.created_at), desc(apiKeys.id))
          .limit(page.size)
          .offset((page.number - 1) * page.size),
        db.select({ total: count() }).from(apiKeys).where(visible(accountId, who)),
      ),

    async get(accountId: string, id: string, who: KeyVisibility) {
      const [row] = await select().where(and(visible(accountId, who), eq(apiKeys.id, id)))
      return row
    },

    async create(
      accountId: string,
      key: { userId: string; name: string; role: Role; expiresAt?: Date },
      rawToken: string,
    ) {
      const [row] = await db
        .insert(apiKeys)
        .values({
          account_id: accountId,
          name: key.name,
          kind: 'personal',
          // the role decides what it may change: a viewer's key may still manage the viewer's own keys and profile
          scope: 'write',
          role: key.role,
          user_id: key.userId,
          key_hash: hashKey(rawToken),
          token_prefix: rawToken.slice(0, 12),
          expires_at: key.expiresAt ?? null,
          created_at: now(),
        })
        .returning({ id: apiKeys.id })
      return row.id
    },

    /** Every live personal key of a person (a password reset): what was revoked, for the audit trail. */
    revokeAllOf(userId: string) {
      return db
        .update(apiKeys)
        .set({ revoked_at: now() })
        .where(
          and(eq(apiKeys.user_id, userId), inArray(apiKeys.kind, PERSON_KINDS), isNull(apiKeys.revoked_at)),
        )
        .returning({ id: apiKeys.id, name: apiKeys.name })
    },

    /** A key revoked before keeps its first revocation time. */
    async revoke(accountId: string, id: string) {
      await db
        .update(apiKeys)
        .set({ revoked_at: sql`coalesce(${apiKeys.revoked_at}, ${now()})` })
        .where(and(eq(apiKeys.account_id, accountId), eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
    },
  }
}

export type KeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createPersonalKeyStore>['get']>>>
