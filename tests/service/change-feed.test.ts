import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { seedDemo } from '../../src/server/demo/seed'
import { createResponseCache } from '../../src/server/http/response-cache'
import { defaultServiceConfig } from '../../src/server/service-config'
import { type ChangeFeed, openChangeFeed } from '../../src/server/storage/change-feed'
import type { Database } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { openTestDatabase } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'
import { KEY, NOW } from './harness'

/** One service process on the shared database: its own storage, response cache and (optionally) change feed. */
async function processOn(database: Database, shared: boolean) {
  const clock = { now: () => NOW }
  const feed = shared ? await openChangeFeed(database) : undefined
  // a long TTL: only the feed can make another process's change show
  const cache = createResponseCache({ ttlMs: 600_000, onChange: feed?.publish })
  feed?.subscribe(cache.changedElsewhere)
  const app = createApp({
    storage: createStorage(database, clock, tempBlobStore()),
    clock,
    fetch,
    random: Math.random,
    config: { ...defaultServiceConfig, rateLimitPerMinute: 1_000_000 },
    responseCache: cache,
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, {
      method,
      headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, cache: response.headers.get('X-Cache'), body: await response.json() }
  }
  return { call, cache, feed }
}

const tagsOf = (answer: { body: { data: { attributes: { tags: string[] } } } }) =>
  answer.body.data.attributes.tags

describe('several processes on one PostgreSQL', () => {
  let database: Database
  const feeds: (ChangeFeed | undefined)[] = []
  let shipment: string
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    await seedDemo(createStorage(database, { now: () => NOW }, tempBlobStore()), {
      shipments: 3,
      now: NOW,
      apiKey: KEY,
    })
  })
  afterAll(async () => {
    for (const feed of feeds) await feed?.close()
    await database?.close()
  })

  const pair = async (shared: boolean) => {
    const [a, b] = [await processOn(database, shared), await processOn(database, shared)]
    feeds.push(a.feed, b.feed)
    shipment ??= (await a.call('GET', '/v2/shipments?page[size]=1')).body.data[0].id
    return { a, b }
  }
  const tag = (a: Awaited<ReturnType<typeof processOn>>, value: string) =>
    a.call('PATCH', `/v2/shipments/${shipment}`, {
      data: { type: 'shipment', attributes: { tags: [value] } },
    })
  /** What process b answers once its copy changes, or after two seconds. */
  const settled = async (b: Awaited<ReturnType<typeof processOn>>, before: string[]) => {
    const until = Date.now() + 2_000
    for (;;) {
      const answer = await b.call('GET', `/v2/shipments/${shipment}`)
      if (JSON.stringify(tagsOf(answer)) !== JSON.stringify(before) || Date.now() > until) return answer
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it("drops another process's cached copy when one process writes, told with LISTEN/NOTIFY", async () => {
    const { a, b } = await pair(true)
    const before = tagsOf(await b.call('GET', `/v2/shipments/${shipment}`))
    expect((await b.call('GET', `/v2/shipments/${shipment}`)).cache).toBe('hit')
    expect((await tag(a, 'seen-by-b')).status).toBe(200)
    const after = await settled(b, before)
    expect(tagsOf(after)).toEqual(['seen-by-b'])
    expect(after.cache).toBeNull()
  })

  it('serves the stale copy without the feed, which is what the feed is for', async () => {
    const { a, b } = await pair(false)
    const before = tagsOf(await b.call('GET', `/v2/shipments/${shipment}`))
    expect((await tag(a, 'unseen-by-b')).status).toBe(200)
    const after = await settled(b, before)
    expect(tagsOf(after)).toEqual(before)
    expect(after.cache).toBe('hit')
  })
})
