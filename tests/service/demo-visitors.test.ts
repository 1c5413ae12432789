import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startProcess } from '../support/server-process'

const KEY = 'demo-visitors-key-0000000'

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = []
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))))
  return results
}

describe('the public demo under visitors who take too much, on a real server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-demo-visitors-'))
  let child: ChildProcess | undefined
  let base = ''
  // behind a trusted proxy, the client's address is the last X-Forwarded-For entry
  const visit = async (address: string) => {
    const response = await fetch(`${base}/session`, { headers: { 'X-Forwarded-For': address } })
    await response.arrayBuffer()
    return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' }
  }
  const call = async (cookie: string, address: string) => {
    const response = await fetch(`${base}/v2/shipments?page[size]=1`, {
      headers: { cookie, 'X-Forwarded-For': address, Accept: 'application/vnd.api+json' },
    })
    await response.arrayBuffer()
    return response.status
  }

  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    const started = await startProcess({
      DATA_DIR: dir,
      PORT: String(port),
      TRUST_PROXY: '1',
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '5',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    })
    child = started.child
  }, 180_000)
  afterAll(() => {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  // the flood first: before this change every visitor shared the demo key's 100 requests a minute
  it('keeps a person signed in through a flood of 11,000 sessions from 1,000 addresses', {
    timeout: 180_000,
  }, async () => {
    const person = await visit('203.0.113.7')
    expect(await call(person.cookie, '203.0.113.7')).toBe(200)
    // 11 each, within SESSION_STARTS_PER_MINUTE (30) for every address, and past the store's 10,000
    const addresses = Array.from({ length: 1000 }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.9`)
    const started = Date.now()
    const flood = await inBatches(
      addresses.flatMap((address) => Array.from({ length: 11 }, () => address)),
      50,
      (address) => visit(address).then(({ status }) => status),
    )
    console.log(`11,000 demo sessions from 1,000 addresses in ${Date.now() - started} ms`)
    expect(flood.filter((status) => status === 200)).toHaveLength(11_000)
    expect(await call(person.cookie, '203.0.113.7')).toBe(200)
  })

  it('does not refuse one visitor because another spent a minute of requests', {
    timeout: 60_000,
  }, async () => {
    const greedy = await visit('198.51.100.1')
    const other = await visit('198.51.100.2')
    const burst = await inBatches(Array.from({ length: 150 }), 25, () => call(greedy.cookie, '198.51.100.1'))
    // DEMO_SESSION_REQUESTS_PER_MINUTE: the greedy visitor has 100 a minute, the same as an API key
    expect(burst.filter((status) => status === 200)).toHaveLength(100)
    expect(burst.filter((status) => status === 429)).toHaveLength(50)
    const others = await inBatches(Array.from({ length: 20 }), 10, () => call(other.cookie, '198.51.100.2'))
    expect(others.every((status) => status === 200)).toBe(true)
  })
})
