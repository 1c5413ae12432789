import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VesselMapDocumentSchema } from '../../src/contract/vessels'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, parsed, type Service, startService } from './harness'

/** The statement of migration 0032 that fills the kept counts from the containers stored before it. */
const FILL = readFileSync(
  join(import.meta.dirname, '../../src/server/storage/migrations/0032_kept_counts.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .find((statement) => statement.startsWith('INSERT INTO "vessel_counts"'))!

type Rows = { rows: Record<string, unknown>[] }
const HOUR = 3_600_000
const STATES = ['', '&filter[state]=on_hold', '&filter[state]=delayed', '&filter[state]=on_time']

describe.each(DATABASE_KINDS)('the map’s kept per-vessel counts on %s', (kind) => {
  let service: Service
  let vesselIds: string[]
  const random = seededRandom('vessel-counts')
  const run = async (query: ReturnType<typeof sql>) =>
    ((await service.storage.db.execute(query)) as unknown as Rows).rows

  const map = async (query: string, key: string) => {
    // no-cache: the rows below change by SQL, behind the response cache's back
    const response = await service.call('GET', `/v2/vessels?filter[carrying]=active${query}`, {
      key,
      headers: { 'Cache-Control': 'no-cache' },
    })
    expect(response.status).toBe(200)
    return parsed(VesselMapDocumentSchema, response.body)
  }
  const countsOf = (document: Awaited<ReturnType<typeof map>>) =>
    Object.fromEntries(
      document.data.map((vessel) => [
        vessel.id,
        { state: vessel.attributes.state, counts: vessel.attributes.container_counts },
      ]),
    )

  /** Without an include the counts are the kept ones; with one, every container aboard is read and counted. */
  const expectExact = async (when: string) => {
    for (const key of [KEY, OTHER_KEY])
      for (const state of STATES) {
        const kept = await map(state, key)
        const counted = await map(`${state}&include=containers`, key)
        expect(countsOf(kept), `${when}${state}`).toEqual(countsOf(counted))
        expect(kept.meta?.containers_aboard).toBe(counted.meta?.containers_aboard)
      }
  }

  const near = (spreadDays: number) =>
    new Date(service.clock.now().getTime() + (random.next() * 2 - 1) * spreadDays * 24 * HOUR).toISOString()

  /** Changes some containers' holds and discharge, and their shipments' vessel and ETAs, a few rows a statement. */
  async function shuffle(rounds: number) {
    const ids = (await run(sql`select id, shipment_id from containers order by id`)) as {
      id: string
      shipment_id: string
    }[]
    for (let round = 0; round < rounds; round++) {
      const chosen = Array.from({ length: random.int(1, 4) }, () => random.pick(ids))
      const containerIds = sql.join(
        chosen.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )
      const holds = random.chance(0.5) ? '[]' : '[{"name":"customs","status":"hold","description":null}]'
      await run(sql`update containers set holds_at_pod_terminal = ${holds}::jsonb,
        pod_discharged_at = ${random.chance(0.6) ? null : near(5)} where id in (${containerIds})`)
      if (random.chance(0.6)) {
        // and shipments with containers still aboard, so each change moves counts
        const afloat = (await run(
          sql`select distinct shipment_id from containers where pod_discharged_at is null order by 1`,
        )) as { shipment_id: string }[]
        const shipments = sql.join(
          [...chosen, ...Array.from({ length: random.int(1, 3) }, () => random.pick(afloat))].map(
            (row) => sql`${row.shipment_id}::uuid`,
          ),
          sql`, `,
        )
        const original = near(10)
        // a day or more late, or less, or with no first ETA
        const eta = new Date(Date.parse(original) + random.int(-30, 60) * HOUR).toISOString()
        await run(sql`update shipments set
          sailing_vessel_id = ${random.chance(0.2) ? null : random.pick(vesselIds)},
          pod_eta_at = ${random.chance(0.1) ? null : eta},
          pod_original_eta_at = ${random.chance(0.1) ? null : original} where id in (${shipments})`)
      }
    }
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 60 })
    vesselIds = ((await run(sql`select id from vessels order by id limit 6`)) as { id: string }[]).map(
      (row) => row.id,
    )
  })
  afterAll(() => service?.stop())

  it('equals a full count of the demo as loaded', async () => {
    const document = await map('', KEY)
    expect(document.data.length).toBeGreaterThan(0)
    expect(document.data.every((vessel) => vessel.relationships === undefined)).toBe(true)
    await expectExact('as loaded')
  })

  it('stays exact after random changes, merged or not, as time passes', async () => {
    for (let step = 0; step < 8; step++) {
      await shuffle(6)
      await expectExact(`after changes, step ${step}`)
      service.advance(5 * HOUR + 17 * 60_000)
      await expectExact(`after time passed, step ${step}`)
      if (step % 3 === 2) {
        await service.storage.vesselMap.mergeCounts()
        await expectExact(`merged, step ${step}`)
      }
    }
  })

  it('stays exact as containers are added, deleted and deleted with their shipment', async () => {
    const [shipment] = (await run(
      sql`update shipments set sailing_vessel_id = ${vesselIds[0]} where id = (select shipment_id from containers order by id limit 1) returning id`,
    )) as { id: string }[]
    await run(sql`insert into containers (account_id, shipment_id, number, holds_at_pod_terminal)
      select account_id, shipment_id, number || n, '[{"name":"customs","status":"hold","description":null}]'::jsonb
      from containers, generate_series(1, 3) n where shipment_id = ${shipment.id}`)
    await expectExact('after adding')
    await run(sql`delete from containers where id in (select id from containers order by id desc limit 3)`)
    await expectExact('after deleting containers')
    await run(sql`delete from shipments where id = ${shipment.id}`)
    await expectExact('after deleting a shipment')
    await service.storage.vesselMap.mergeCounts()
    await expectExact('merged')
  })

  it('fills the counts of containers stored before the counts were kept (migration 0032)', async () => {
    await run(sql`delete from vessel_counts`)
    await run(sql.raw(FILL))
    await expectExact('filled')
  })
})
