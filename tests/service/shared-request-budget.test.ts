import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createStorage, type Storage } from '../../src/server/storage/storage'
import { requestBudget } from '../../src/server/upstream/request-budget'
import { upstreamClient } from '../../src/server/upstream/upstream-client'
import { processDatabase } from '../support/process-database'
import { tempBlobStore } from '../support/temp-blobs'

const PER_MINUTE = 600
const BURST = 5
const clock = { now: () => new Date() }
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The most of `times` (ms) that fall within any `windowMs`. */
const mostInAnyWindow = (times: number[], windowMs: number) => {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j] < sorted[i] + windowMs) j++
    most = Math.max(most, j - i)
  }
  return most
}

/**
 * Two processes of one deployment on one PostgreSQL: each opens its own pool and storage and builds its
 * own client for the connected account, as each process's connection registry does.
 */
describe('the request budget of a connected account, on PostgreSQL', () => {
  const databases: Database[] = []
  const blobs = [tempBlobStore(), tempBlobStore()]
  let drop: () => Promise<void>
  let storages: Storage[] = []
  const accountId = randomUUID()
  const sent: { at: number; by: number }[] = []

  beforeAll(async () => {
    const made = await processDatabase('postgres', 'quayside-budget-')
    drop = made.drop
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: made.env.DATABASE_URL }))
    storages = databases.map((database, i) => createStorage(database, clock, blobs[i]))
    await storages[0].upstream.ensureConnection(accountId, 'Shared', 'http://upstream.test/v2', null)
  })
  afterAll(async () => {
    for (const database of databases) await database.close()
    for (const store of blobs) store.remove()
    await drop?.()
  })

  const clientOf = (process: number) => {
    const bucket = requestBudget({
      storage: storages[process],
      accountId,
      perMinute: PER_MINUTE,
      now: () => Date.now(),
      sleep,
    })
    const client = upstreamClient({
      baseUrl: 'http://upstream.test/v2',
      apiKey: 'k',
      fetch: async () => {
        sent.push({ at: Date.now(), by: process })
        return new Response('{"data":[]}', { status: 200 })
      },
      bucket,
      now: () => new Date(),
      sleep,
    })
    return { client, bucket }
  }

  it('lets both processes together send no more than one bucket allows', { timeout: 60_000 }, async () => {
    const [a, b] = [clientOf(0), clientOf(1)]
    sent.length = 0
    await Promise.all(
      [a, b].flatMap(({ client }) => Array.from({ length: 15 }, () => client.get('/shipments'))),
    )
    expect(new Set(sent.map((s) => s.by))).toEqual(new Set([0, 1]))
    // one bucket: 5 at once, then 595 a minute (about 10 a second); two of them would send about 28 in a second
    const oneSecond = BURST + Math.ceil(((PER_MINUTE - BURST) / 60) * 1)
    expect(
      mostInAnyWindow(
        sent.map((s) => s.at),
        1000,
      ),
    ).toBeLessThanOrEqual(oneSecond + 1)
    expect(Math.max(...sent.map((s) => s.at)) - Math.min(...sent.map((s) => s.at))).toBeGreaterThan(2000)
  })

  it("holds every process back for one process's Retry-After", { timeout: 60_000 }, async () => {
    const [a, b] = [clientOf(0), clientOf(1)]
    await sleep(1000)
    const pausedAt = Date.now()
    a.bucket.pauseUntil(pausedAt + 1500)
    await sleep(200)
    sent.length = 0
    await b.client.get('/shipments')
    expect(sent[0].at - pausedAt).toBeGreaterThanOrEqual(1400)
  })
})
