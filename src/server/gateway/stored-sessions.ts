import { createHash, randomBytes } from 'node:crypto'
import type { createSessionRows, SessionRow } from '../storage/session-rows'
import { secretBox } from '../upstream/secret-box'
import { MAX_SESSIONS, type SessionFacts, type SessionStore, TWELVE_HOURS, TWO_HOURS } from './sessions'

type SessionRows = ReturnType<typeof createSessionRows>

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
  return {
    async create(apiKey, facts = {}) {
      const time = now()
      await rows.sweep(new Date(time))
      await rows.evictDownTo(maxSessions - 1)
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
