import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storagePeople } from '../../src/server/start/people-gateway'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'

const HOUR = 60 * 60 * 1000

describe.each(DATABASE_KINDS)("a person's session keys (%s)", (kind) => {
  let service: Service
  let userId: string
  beforeAll(async () => {
    // a fast-forwarded service clock: a key's expiry is still the wall clock's
    service = await startService(kind, { shipments: 2, serviceAheadMs: 48 * HOUR })
    const { rows } = await service.storage.db.execute<{ id: string }>(
      sql`update users set role = 'operator', first_name = 'Sam', last_name = 'Ortiz', email = 'sam@example.com'
          where id = (select id from users where first_name = 'Dana' order by created_at, id limit 1) returning id`,
    )
    userId = rows[0].id
  })
  afterAll(() => service?.stop())

  const people = () => storagePeople(service.storage)
  const person = async () => (await people().userFacts(userId))!
  const authenticate = (key: string) => service.storage.apiKeys.authenticate(key, service.wallClock.now())

  it('knows the person as the session shows them', async () => {
    expect(await person()).toMatchObject({
      id: userId,
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      role: 'operator',
    })
  })

  it('mints a key that acts as the person, stored only as its hash, and revokes it', async () => {
    const key = await people().mintSessionKey(
      await person(),
      new Date(service.wallClock.now().getTime() + HOUR),
    )
    expect(key).toMatch(/^qss_[\w-]{43}$/)
    expect(await authenticate(key)).toMatchObject({
      userId,
      role: 'operator',
      scope: 'write',
      actorName: 'Sam Ortiz',
    })
    const { rows } = await service.storage.db.execute(sql`select * from api_keys where user_id = ${userId}`)
    expect(JSON.stringify(rows)).not.toContain(key)
    expect(rows[0]).toMatchObject({ kind: 'session', token_prefix: key.slice(0, 12) })
    await people().revokeSessionKey(key)
    expect(await authenticate(key)).toBeNull()
  })

  it('mints a read-only key that acts as a viewer at most', async () => {
    const key = await people().mintSessionKey(
      await person(),
      new Date(service.wallClock.now().getTime() + HOUR),
      'read',
    )
    expect(await authenticate(key)).toMatchObject({ role: 'viewer', scope: 'read' })
  })

  it('ends a key at its expiry on the wall clock, however far ahead the service clock runs', async () => {
    const key = await people().mintSessionKey(
      await person(),
      new Date(service.wallClock.now().getTime() + HOUR),
    )
    expect((await service.get('/v2/shipments?page[size]=1', key)).status).toBe(200)
    service.advance(HOUR)
    expect((await service.get('/v2/shipments?page[size]=1', key)).status).toBe(401)
  })

  it("revokes all the person's session keys but the one kept", async () => {
    const until = new Date(service.wallClock.now().getTime() + HOUR)
    const [kept, other] = [
      await people().mintSessionKey(await person(), until),
      await people().mintSessionKey(await person(), until),
    ]
    await people().revokeSessionKeys(userId, kept)
    expect(await authenticate(kept)).not.toBeNull()
    expect(await authenticate(other)).toBeNull()
    await people().revokeSessionKeys(userId)
    expect(await authenticate(kept)).toBeNull()
  })

  it('knows nobody whose role is gone', async () => {
    const key = await people().mintSessionKey(
      await person(),
      new Date(service.wallClock.now().getTime() + HOUR),
    )
    await service.storage.db.execute(sql`update users set role = null where id = ${userId}`)
    expect(await people().userFacts(userId)).toBeUndefined()
    expect(await authenticate(key)).toBeNull()
  })
})
