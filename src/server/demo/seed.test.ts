import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { tempBlobStore } from '../../../tests/support/temp-blobs'
import { CONTAINER_STATUSES, FEE_TYPES, HOLD_NAMES } from '../../contract/containers'
import { openDatabase } from '../storage/database'
import { createStorage } from '../storage/storage'
import { seedDemo } from './seed'

const NOW = new Date('2026-11-22T12:00:00Z')
const clock = { now: () => NOW }
const blobs = tempBlobStore()
afterAll(() => blobs.remove())
const rows = async (storage: ReturnType<typeof createStorage>, query: ReturnType<typeof sql>) =>
  (await storage.db.execute<Record<string, unknown>>(query)).rows

describe('the demo data', () => {
  it('covers every container status, hold, fee and LFD case, and loads only once', async () => {
    const database = await openDatabase({})
    const storage = createStorage(database, clock, blobs)
    expect(await seedDemo(storage, { shipments: 300, now: NOW, apiKey: 'demo-test-key-1' })).toBe(true)
    expect(await seedDemo(storage, { shipments: 300, now: NOW, apiKey: 'demo-test-key-1' })).toBe(false)

    const statuses = (await rows(storage, sql`select distinct current_status as s from containers`)).map(
      (r) => r.s,
    )
    expect(new Set(statuses)).toEqual(new Set(CONTAINER_STATUSES))
    const holds = await rows(
      storage,
      sql`select distinct h->>'name' as n, h->>'status' as s from containers, jsonb_array_elements(holds_at_pod_terminal) h`,
    )
    expect(new Set(holds.map((h) => h.n))).toEqual(new Set(HOLD_NAMES))
    expect(holds.some((h) => h.s === 'pending')).toBe(true)
    const fees = await rows(
      storage,
      sql`select distinct f->>'type' as t from containers, jsonb_array_elements(fees_at_pod_terminal) f`,
    )
    expect(new Set(fees.map((f) => f.t))).toEqual(new Set(FEE_TYPES))
    const [lfd] = await rows(
      storage,
      sql`select count(*) filter (where pickup_lfd < ${NOW}) as past, count(*) filter (where pickup_lfd >= ${NOW}) as future, count(*) filter (where ind_rail_unloaded_at is not null) as rail from containers where pickup_lfd is not null`,
    )
    expect(Number(lfd.past)).toBeGreaterThan(0)
    expect(Number(lfd.future)).toBeGreaterThan(0)
    expect(Number(lfd.rail)).toBeGreaterThan(0)
    const [transshipped] = await rows(
      storage,
      sql`select count(*) as n from shipments where transshipment_locode is not null`,
    )
    expect(Number(transshipped.n)).toBeGreaterThan(0)
    const mail = await rows(
      storage,
      sql`select count(distinct date_trunc('minute', created_at)) as minutes, count(*) filter (where created_at < sent_at) as early from email_submissions`,
    )
    // the inbox showed every demo email arriving in the same minute
    expect(Number(mail[0].minutes)).toBeGreaterThan(10)
    expect(Number(mail[0].early)).toBe(0)
    const carriers = await rows(storage, sql`select distinct shipping_line_scac from shipments`)
    expect(carriers.length).toBeGreaterThanOrEqual(10)
    // analyzed once loaded: before, the board's counts were planned blind for a minute (PostgreSQL) or for ever (PGlite)
    const [known] = await rows(
      storage,
      sql`select reltuples::int as n from pg_class where relname = 'shipments'`,
    )
    expect(known.n).toBe(312)
    await database.close()
  }, 120_000)

  it('refuses, saying what to do, a demo an earlier version left half-loaded', async () => {
    const database = await openDatabase({})
    const storage = createStorage(database, clock, blobs)
    await storage.demo.insert('accounts', [
      { id: '00000000-0000-4000-8000-00000000d3e0', company_name: 'Harbor Freight Demo Co.' },
    ])
    await expect(seedDemo(storage, { shipments: 20, now: NOW, apiKey: 'half-loaded-key' })).rejects.toThrow(
      /half-loaded by an earlier version.*Delete DATA_DIR/,
    )
    await database.close()
  })

  it('keeps everything across a restart of the embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quayside-restart-'))
    const first = await openDatabase({ dataDir })
    await seedDemo(createStorage(first, clock, blobs), { shipments: 20, now: NOW, apiKey: 'restart-key-123' })
    const before = await rows(createStorage(first, clock, blobs), sql`select count(*) as n from containers`)
    await first.close()
    const second = await openDatabase({ dataDir })
    const storage = createStorage(second, clock, blobs)
    expect(await rows(storage, sql`select count(*) as n from containers`)).toEqual(before)
    expect(await storage.apiKeys.authenticate('restart-key-123')).not.toBeNull()
    await second.close()
  }, 120_000)
})
