import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChargeCandidate } from '../../src/server/storage/charge-store'
import { copyDemo } from '../support/copy-demo'
import { watchStalls } from '../support/stall-watch'
import { KEY, NOW, type Service, startService } from './harness'

/** A year up to NOW: the longest period the summary takes, so the most candidates. */
const YEAR = { from: '2025-11-23', to: '2026-11-22' }
/** Main-thread CPU during one GET /v2/account: the summary's whole pricing took far more before it was sliced. */
const BUSIEST_LOOP_MS = 120
const CANDIDATES = 8000

// PostgreSQL only: on PGlite the database itself runs on the event loop, so no answer there is off it
describe('the charges summary over many candidates on postgres', () => {
  let service: Service
  let accountId = ''

  beforeAll(async () => {
    service = await startService('postgres', { shipments: 12 })
    accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const [{ n }] = (
      (await service.storage.db.execute(
        sql`select count(*)::int as n from containers where account_id = ${accountId}::uuid`,
      )) as unknown as { rows: { n: number }[] }
    ).rows
    const copies = Math.ceil((3 * CANDIDATES) / n)
    await copyDemo(service.storage.db, accountId, copies)
  }, 600_000)
  afterAll(() => service?.stop())

  it('gives other requests turns while it prices them: no GET /v2/account waits on the whole', async () => {
    const candidates: ChargeCandidate[] = []
    for await (const page of service.storage.charges.candidatePages(accountId, {
      from: new Date(`${YEAR.from}T00:00:00Z`),
      toEnd: new Date(`${YEAR.to}T23:59:59Z`),
      group: 'customer',
    }))
      candidates.push(...page)
    // each copy is priced alone, so the summary has this many to price (it took ~30 µs each on the event loop)
    expect(candidates.length).toBeGreaterThan(CANDIDATES)
    const probe = async () => {
      const response = await fetch(`${service.baseUrl}/v2/account`, {
        headers: { Authorization: `Token ${KEY}` },
      })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`GET /v2/account answered ${response.status}`)
    }
    const watch = watchStalls(probe, process.pid, 5)
    const rows = []
    for (let round = 0; round < 3; round++) {
      const response = await service.call(
        'GET',
        `/v2/charges_summary?group_by=customer&filter[from]=${YEAR.from}&filter[to]=${YEAR.to}`,
        { headers: { 'Cache-Control': 'no-cache' } },
      )
      expect(response.status).toBe(200)
      rows.push((response.body as { data: unknown[] }).data.length)
    }
    const stalls = await watch.stop()
    console.log(
      `${candidates.length} candidates at ${NOW.toISOString()}: longest GET /v2/account ${stalls.longestMs} ms, main thread busy ${stalls.busiestMs} ms during one, ${stalls.answers} answers`,
    )
    expect(rows[0]).toBeGreaterThan(0)
    expect(stalls.failures).toBe(0)
    expect(stalls.answers).toBeGreaterThan(3)
    expect(stalls.busiestMs).toBeLessThan(BUSIEST_LOOP_MS)
  }, 600_000)
})
