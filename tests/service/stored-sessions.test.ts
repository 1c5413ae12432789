import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStoredSessions } from '../../src/server/gateway/stored-sessions'
import type { Database } from '../../src/server/storage/database'
import { createSessionRows } from '../../src/server/storage/session-rows'
import { DATABASE_KINDS, openTestDatabase } from '../support/databases'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const UPSTREAM_KEY = 'upstream-terminal49-key-0123456789'

describe.each(DATABASE_KINDS)('sessions kept in the database (%s)', (kind) => {
  let database: Database
  let now = 0
  const rows = () => createSessionRows(database.db)
  const store = (cap?: number) => createStoredSessions(rows(), () => now, cap)
  const allRows = async () => (await database.db.execute(sql`select * from sessions`)).rows
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(() => database.close())
  const fresh = async (time: number) => {
    now = time
    await database.db.execute(sql`delete from sessions`)
  }

  it('holds neither the session id nor the API key in clear, and opens only with the id', async () => {
    await fresh(Date.UTC(2026, 10, 26))
    const sessions = store()
    const id = await sessions.create(UPSTREAM_KEY, { access: 'read-only' })
    const [row] = await allRows()
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(id)
    expect(stored).not.toContain(UPSTREAM_KEY)
    expect(row.access).toBe('read-only')
    expect(await sessions.get(id)).toEqual({ apiKey: UPSTREAM_KEY, access: 'read-only', demo: false })
    // a row copied under another id's hash opens nothing
    const other = await sessions.create('another-key')
    await database.db.execute(
      sql`update sessions set api_key_sealed = ${row.api_key_sealed} where id_hash <> ${row.id_hash}`,
    )
    expect(await sessions.get(other)).toBeUndefined()
  })

  it('ends a session after two idle hours, and keeps one in use until twelve hours after sign-in', async () => {
    await fresh(0)
    const sessions = store()
    const idle = await sessions.create('idle-key')
    const busy = await sessions.create('busy-key')
    for (now = HOUR; now < 12 * HOUR; now += HOUR) expect((await sessions.get(busy))?.apiKey).toBe('busy-key')
    expect(await sessions.get(idle)).toBeUndefined()
    now = 12 * HOUR
    expect(await sessions.get(busy)).toBeUndefined()
  })

  it('writes the idle bump at most once a minute, so reads do not write at every request', async () => {
    await fresh(0)
    const sessions = store()
    const id = await sessions.create('key')
    const idleUntil = async () => new Date(String((await allRows())[0].idle_until)).getTime()
    await sessions.use(id)
    now = 30 * 1000
    await sessions.use(id)
    await sessions.get(id)
    expect(await idleUntil()).toBe(2 * HOUR)
    now = 61 * 1000
    await sessions.get(id)
    expect(await idleUntil()).toBe(61 * 1000 + 2 * HOUR)
    // bumped at 61 s, so at 2 h 61 s less a second it is still alive
    now = 61 * 1000 + 2 * HOUR - 1000
    expect(await sessions.get(id)).toBeDefined()
  })

  it('holds at most its cap, dropping the least recently used session once none is unused', async () => {
    await fresh(0)
    const sessions = store(3)
    const first = await sessions.create('a')
    const second = await sessions.create('b')
    const third = await sessions.create('c')
    for (const id of [second, first, third]) {
      now += MINUTE
      await sessions.use(id)
    }
    const fourth = await sessions.create('d')
    expect(await allRows()).toHaveLength(3)
    expect(await sessions.get(second)).toBeUndefined()
    const kept = [await sessions.get(first), await sessions.get(third), await sessions.get(fourth)]
    expect(kept.map((session) => session?.apiKey)).toEqual(['a', 'c', 'd'])
  })

  it('drops sessions never used before one in use, however many strangers open', async () => {
    await fresh(0)
    const sessions = store(20)
    const person = await sessions.create('person')
    await sessions.use(person)
    now = 50 * MINUTE
    for (let i = 0; i < 200; i++) await sessions.get(await sessions.create(`stranger-${i}`))
    expect(await allRows()).toHaveLength(20)
    expect((await sessions.use(person))?.apiKey).toBe('person')
  })

  it('sweeps expired rows when a new session starts', async () => {
    await fresh(0)
    const sessions = store()
    for (let i = 0; i < 10; i++) await sessions.create(`key-${i}`)
    now = 3 * HOUR
    await sessions.create('fresh')
    expect(await allRows()).toHaveLength(1)
  })

  it('starts each session of a flood with one write, counting and sweeping the table only now and then', async () => {
    await fresh(0)
    const calls = { sweep: 0, evictDownTo: 0 }
    const counted = rows()
    const watched = {
      ...counted,
      sweep: (at: Date) => {
        calls.sweep++
        return counted.sweep(at)
      },
      evictDownTo: (limit: number) => {
        calls.evictDownTo++
        return counted.evictDownTo(limit)
      },
    }
    // a cap of 1,000 makes room for 10 at a time: a flood of 2,000 counts once per 10, and once per 100 below the cap
    const sessions = createStoredSessions(watched, () => now, 1_000)
    for (let i = 0; i < 2_000; i++) {
      now += 10
      await sessions.create(`stranger-${i}`)
    }
    expect(calls.sweep).toBeLessThanOrEqual(1)
    expect(calls.evictDownTo).toBeGreaterThan(0)
    expect(calls.evictDownTo).toBeLessThanOrEqual(115)
    const kept = (await allRows()).length
    expect(kept).toBeLessThanOrEqual(1_000)
    expect(kept).toBeGreaterThan(980)
  })

  it('honours a session started by another process at once, and a sign-out there at once', async () => {
    await fresh(Date.UTC(2026, 10, 26))
    const here = store()
    const there = store()
    const id = await here.create('shared-key', { demo: true })
    expect(await there.use(id)).toEqual({ apiKey: 'shared-key', access: 'read-write', demo: true })
    await there.delete(id)
    expect(await here.use(id)).toBeUndefined()
    expect(await allRows()).toHaveLength(0)
  })
})
