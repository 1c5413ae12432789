import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { Executor } from './database'
import { passkeys, webauthnChallenges } from './schema'

type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose']
export type NewPasskey = {
  id: string
  userId: string
  name: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
}

/** A person's registered passkeys. */
const credentials = (db: Executor) => ({
  async list(userId: string) {
    return db
      .select({
        id: passkeys.id,
        name: passkeys.name,
        created_at: passkeys.created_at,
        last_used_at: passkeys.last_used_at,
      })
      .from(passkeys)
      .where(eq(passkeys.user_id, userId))
      .orderBy(asc(passkeys.created_at), asc(passkeys.id))
  },

  async credentialsOf(userId: string) {
    return db
      .select({ id: passkeys.id, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.user_id, userId))
  },

  async find(id: string) {
    const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1)
    return row
  },

  async add(passkey: NewPasskey, at: Date) {
    const [row] = await db
      .insert(passkeys)
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        name: passkey.name,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
        created_at: at,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id, name: passkeys.name })
    return row
  },

  async remove(userId: string, id: string) {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.user_id, userId), eq(passkeys.id, id)))
      .returning({ id: passkeys.id, name: passkeys.name })
    return row
  },

  /** Only from the counter that was checked, so two sign-ins racing with one cloned key cannot both pass. */
  async recordUse(id: string, checkedCounter: number, newCounter: number, at: Date) {
    const rows = await db
      .update(passkeys)
      .set({ counter: newCounter, last_used_at: at })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
      .returning({ id: passkeys.id })
    return rows.length === 1
  },
})

/** Each WebAuthn challenge answers once. */
const challenges = (db: Executor) => ({
  async issueChallenge(
    challenge: { value: string; purpose: ChallengePurpose; userId: string | null },
    at: Date,
    expiresAt: Date,
  ) {
    await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expires_at, at))
    await db.insert(webauthnChallenges).values({
      challenge: challenge.value,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      expires_at: expiresAt,
    })
  },

  /** Deleted as it is taken: a second answer to one challenge finds nothing, in any process. */
  async takeChallenge(challenge: string, purpose: ChallengePurpose, at: Date) {
    const [row] = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expires_at, at),
        ),
      )
      .returning({ userId: webauthnChallenges.user_id })
    return row
  },
})

/** Times come from the caller: sign-in runs on the wall clock, not a demo's fast-forwarded one. */
export const createPasskeyStore = (db: Executor) => ({ ...credentials(db), ...challenges(db) })
