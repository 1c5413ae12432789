import { createHash, randomBytes } from 'node:crypto'
import type { createSessionRows, SessionRow } from '../storage/session-rows'
import { secretBox } from '../upstream/secret-box'
import { MAX_SESSIONS, type SessionFacts, type SessionStore, TWELVE_HOURS, TWO_HOURS } from './sessions'

type SessionRows = ReturnType<typeof createSessionRows>

/** Expired rows are refused when read; the sweep only frees their space, so once a minute is enough. */
const SWEEP_EVERY_MS = 60 * 1000
/**
 * Sessions a process starts on its last count before counting again, never past the room that count left.
 * One process holds the cap but for sign-ins in flight at the same moment; each further process on the
 * database may overshoot it by this many.
 */
const COUNT_EVERY = 100

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex')

/**
 * Sessions every process on the database honours, read from their row at each request so a sign-out
 * anywhere holds everywhere at once. The row keeps only the id's SHA-256, and the API key sealed under
 * the id itself: a copy of the database, even with SECRET_KEY, opens no session and shows no key.
 */
export function createStoredSessions(
  rows: SessionRows,
  now: () => number = Date.now,
  maxSessions = MAX_SESSIONS,
): SessionStore {
  const isOver = (row: SessionRow, time: number) =>
    row.expires_at.getTime() <= time || row.idle_until.getTime() <= time
  const find = async (id: string | undefined, use: boolean) => {
    if (!id) return undefined
    const row = await rows.find(hashOf(id))
    if (!row) return undefined
    const time = now()
    const apiKey = secretBox(id).open(row.api_key_sealed)
    if (isOver(row, time) || apiKey === undefined) {
      await rows.remove(row.id_hash)
      return undefined
    }
    await rows.touch(row, new Date(time), new Date(time + TWO_HOURS), use)
    return {
      apiKey,
      access: row.access,
      demo: row.demo,
      userId: row.user_id ?? undefined,
      viewAsKey: row.view_as_key_sealed ? secretBox(id).open(row.view_as_key_sealed) : undefined,
    } satisfies SessionFacts
  }
  // a flood of sign-ins then writes one row each, not a sweep and a count of the whole table each
  let sweptAt = Number.NEGATIVE_INFINITY
  // at the cap, room for this many more is made at once, so the count runs once per batch, not per sign-in
  const slack = Math.min(COUNT_EVERY, Math.floor(maxSessions / 100))
  let uncounted = 0
  return {
    async create(apiKey, facts = {}) {
      const time = now()
      if (time - sweptAt >= SWEEP_EVERY_MS || time < sweptAt) {
        sweptAt = time
        await rows.sweep(new Date(time))
      }
      if (uncounted > 0) uncounted--
      else {
        const kept = await rows.evictDownTo(maxSessions - 1 - slack)
        uncounted = Math.min(COUNT_EVERY, maxSessions - 1 - kept)
      }
      const id = randomBytes(32).toString('base64url')
      await rows.insert({
        id_hash: hashOf(id),
        api_key_sealed: secretBox(id).seal(apiKey),
        access: facts.access ?? 'read-write',
        demo: facts.demo ?? false,
        user_id: facts.userId ?? null,
        created_at: new Date(time),
        expires_at: new Date(time + TWELVE_HOURS),
        idle_until: new Date(time + TWO_HOURS),
        used_at: null,
      })
      return id
    },
    get: (id) => find(id, false),
    use: (id) => find(id, true),
    async delete(id) {
      if (id) await rows.remove(hashOf(id))
    },
    async viewAs(id, apiKey) {
      await rows.setViewAs(hashOf(id), apiKey === undefined ? null : secretBox(id).seal(apiKey))
    },
    async deleteForUser(userId, exceptId) {
      await rows.removeForUser(userId, exceptId ? hashOf(exceptId) : undefined)
    },
  }
}
