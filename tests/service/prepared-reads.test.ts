import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContainerBoardStore } from '../../src/server/storage/container-board-store'
import { createEventStore } from '../../src/server/storage/event-store'
import { containerIds, createShipmentStore } from '../../src/server/storage/shipment-store'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, type Service, startService } from './harness'

// from the first connection on: a deprecation is reported once a process
const warnings: string[] = []
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`))

/** The named statements behind every list and document: any number of ids, never another account's rows. */
describe.each(DATABASE_KINDS)('the prepared reads on %s', (kind) => {
  let service: Service
  let mine: string
  let theirs: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 8 })
    mine = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    theirs = (await service.storage.apiKeys.authenticate(OTHER_KEY))!.accountId
  })
  afterAll(() => service?.stop())

  it('answers the containers of one shipment or of many, ordered by number, with one statement', async () => {
    const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 8 })
    const ids = rows.map((s) => s.id)
    const all = await service.storage.containers.byShipmentIds(mine, ids)
    expect(new Set(all.map((c) => c.shipment_id))).toEqual(new Set(ids))
    const one = await service.storage.containers.byShipmentIds(mine, ids.slice(0, 1))
    expect(one.map((c) => c.id)).toEqual(all.filter((c) => c.shipment_id === ids[0]).map((c) => c.id))
    expect(one.map((c) => c.number)).toEqual(one.map((c) => c.number).sort())
    // the same statement again, now certainly on a connection that has it prepared
    expect(await service.storage.containers.byShipmentIds(mine, ids)).toEqual(all)
  })

  it('never answers another account’s shipments, containers or events by their ids', async () => {
    const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 3 })
    const ids = rows.map((s) => s.id)
    const containers = await service.storage.containers.byShipmentIds(mine, ids)
    const containerIds = containers.map((c) => c.id)
    expect(await service.storage.shipments.byIds(theirs, ids)).toEqual([])
    expect(await service.storage.containers.byShipmentIds(theirs, ids)).toEqual([])
    expect(await service.storage.containers.byIds(theirs, containerIds)).toEqual([])
    expect(await service.storage.containers.get(theirs, containerIds[0])).toBeUndefined()
    expect(await service.storage.events.transportByContainerIds(theirs, containerIds)).toEqual([])
    expect((await service.storage.containers.byIds(mine, containerIds)).length).toBe(containerIds.length)
    expect((await service.storage.events.transportByContainerIds(mine, containerIds)).length).toBeGreaterThan(
      0,
    )
  })

  it('gives every connection the cluster’s life as it opens, so no row version reads the control file', async () => {
    type Rows = { rows: { kept: string | null; read: string }[] }
    // five at once, each holding its connection a moment, so the pool opens several
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const result = (await service.storage.db.execute(sql`
          select current_setting('quayside.cluster_life', true) as kept,
            (select s.system_identifier::text || '.' || c.timeline_id::text || '.' || extract(epoch from pg_postmaster_start_time())::text
             from pg_control_system() s, pg_control_checkpoint() c) as read, pg_sleep(0.05)`)) as unknown as Rows
        return result.rows[0]
      }),
    )
    for (const { kept, read } of answers) expect(kept).toBe(read)
    // remembered before the pool gives a connection out, not queued beside its first statement
    expect(warnings).toEqual([])
  })

  it('reads a list’s container ids from the shipment’s index alone, in order', async () => {
    await service.storage.db.transaction(async (tx) => {
      // a few rows: the planner would rightly read the table, as it never would at scale
      for (const setting of ['enable_seqscan', 'enable_bitmapscan'])
        await tx.execute(sql.raw(`set local ${setting} = off`))
      const result = (await tx.execute(
        sql`explain select ${containerIds} from shipments where account_id = ${mine}`,
      )) as unknown as { rows: Record<string, string>[] }
      const plan = result.rows.map((row) => Object.values(row)[0]).join('\n')
      // before migration 0041: an index of shipment ids, then a sort by number
      expect(plan).toMatch(/Index Only Scan using containers_shipment_number/)
      expect(plan).not.toMatch(/Sort/)
    })
  })

  it('writes the search index straight into its tree, so a search never reads through a pending list', async () => {
    const result = await service.storage.db.execute(
      sql`select reloptions from pg_class where relname = 'shipments_search_numbers'`,
    )
    const [row] = (result as unknown as { rows: { reloptions: string[] | null }[] }).rows
    expect(row.reloptions).toContain('fastupdate=false')
  })

  it('finds a shipment by a container number the same way with or without another filter', async () => {
    const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 1 })
    const [container] = await service.storage.containers.byShipmentIds(mine, [rows[0].id])
    const q = ` ${container.number.toLowerCase()} `
    const alone = await service.storage.shipments.list(mine, { q }, { number: 1, size: 30 })
    const filtered = await service.storage.shipments.list(
      mine,
      { q, carrier: rows[0].shipping_line_scac },
      { number: 1, size: 30 },
    )
    expect(alone).toEqual({ rows: [rows[0]], total: 1 })
    expect(filtered).toEqual(alone)
    expect(await service.storage.shipments.list(theirs, { q }, { number: 1, size: 30 })).toEqual({
      rows: [],
      total: 0,
    })
  })
  it('finds by the beginning of a bill of lading the same way as with any other filter', async () => {
    const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 8 })
    for (const length of [1, 4, 7]) {
      const q = rows[0].normalized_number.slice(0, length).toLowerCase()
      const alone = await service.storage.shipments.list(mine, { q }, { number: 1, size: 30 })
      const filtered = await service.storage.shipments.list(
        mine,
        { q, stopped: undefined, carrier: undefined, customFields: [] },
        { number: 1, size: 30 },
        { field: 'created_at', descending: false },
      )
      expect(alone.rows.map((row) => row.id).sort()).toEqual(filtered.rows.map((row) => row.id).sort())
      expect(alone.rows.map((row) => row.id)).toContain(rows[0].id)
      for (const row of alone.rows)
        expect(
          row.normalized_number.startsWith(q.toUpperCase()) || row.search_numbers.includes(q.toUpperCase()),
        ).toBe(true)
    }
    expect((await service.storage.shipments.list(mine, { q: 'É~' }, { number: 1, size: 30 })).total).toBe(0)
    expect((await service.storage.shipments.list(mine, { q: 'ZZZZ~' }, { number: 1, size: 30 })).total).toBe(
      0,
    )
  })

  it.runIf(kind === 'postgres')(
    'keeps one plan for a search and a document read, not one each time',
    async () => {
      const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 1 })
      const [container] = await service.storage.containers.byShipmentIds(mine, [rows[0].id])
      // on one connection, as a request's reads would come
      await service.storage.db.transaction(async (tx) => {
        const shipments = createShipmentStore(tx, () => new Date())
        const events = createEventStore(tx)
        for (let i = 0; i < 12; i++) {
          await shipments.list(mine, { q: container.number }, { number: 1, size: 30 })
          await shipments.listShown(mine, {}, { number: 1, size: 30 }, undefined, true)
          await shipments.shownByIds(mine, [rows[0].id])
          await events.shownTransportByContainerIds(mine, [container.id])
        }
        const result = await tx.execute(
          sql`select name, generic_plans, custom_plans from pg_prepared_statements where name in ('shipments_search_first_30', 'shipments_newest_first_30_keyed_linked', 'shipments_by_id_shown', 'transport_events_by_container_id_shown')`,
        )
        const plans = (
          result as unknown as { rows: { name: string; generic_plans: number; custom_plans: number }[] }
        ).rows
        // one shipment is read with its text at once
        expect(plans.map((plan) => plan.name).sort()).toEqual([
          'shipments_by_id_shown',
          'shipments_newest_first_30_keyed_linked',
          'shipments_search_first_30',
          'transport_events_by_container_id_shown',
        ])
        for (const plan of plans) expect(Number(plan.custom_plans), plan.name).toBeLessThanOrEqual(5)
      })
    },
  )

  it.runIf(kind === 'postgres')(
    'keeps one generic plan for the board’s kept counts and pages, and plans searches for their values',
    async () => {
      // on one connection of each pool, as a request's reads would come
      await service.storage.plannedOnce.transaction(async (tx) => {
        const board = createContainerBoardStore(
          tx,
          () => new Date(),
          async (_, rows) => rows as never,
          tx,
        )
        for (let i = 0; i < 8; i++)
          for (const tab of ['attention', 'arriving'] as const)
            await board.list(mine, { tab, days: 3 }, { number: 1, size: 25 })
        const { rows } = (await tx.execute(
          sql`select name, generic_plans, custom_plans, current_setting('plan_cache_mode') as mode from pg_prepared_statements where name like 'board_%' order by name`,
        )) as unknown as {
          rows: { name: string; generic_plans: number; custom_plans: number; mode: string }[]
        }
        // a tab's page reads its own count alone
        expect(rows.map((row) => row.name)).toEqual([
          'board_kept_count_arriving',
          'board_kept_count_attention',
          'board_page_arriving_pod_eta_at_asc_3',
          'board_page_attention_pickup_lfd_asc_3',
        ])
        for (const row of rows) {
          expect(Number(row.custom_plans), row.name).toBe(0)
          expect(Number(row.generic_plans), row.name).toBeGreaterThan(0)
        }
        expect(rows[0].mode).toBe('force_generic_plan')
      })
      const [setting] = (
        (await service.storage.db.execute(
          sql`select current_setting('plan_cache_mode') as mode`,
        )) as unknown as {
          rows: { mode: string }[]
        }
      ).rows
      expect(setting.mode).toBe('auto')
    },
  )

  it.runIf(kind === 'postgres')('plans without JIT compilation on every pooled connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        service.storage.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
      ),
    )
    for (const answer of answers)
      expect((answer as unknown as { rows: { jit: string }[] }).rows[0].jit).toBe('off')
  })
})

/**
 * At scale a plan for one search's values guesses one row where a kept plan guesses hundreds; unless the
 * statement hides its values from both, PostgreSQL plans every search afresh (0.5 ms, most of its cost).
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('a search among many shipments on postgres', () => {
  let service: Service
  let mine: string
  /** Whole numbers, each matching one shipment among thousands. */
  let terms: string[]
  beforeAll(async () => {
    service = await startService('postgres', { shipments: 8 })
    mine = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const { rows } = await service.storage.shipments.list(mine, {}, { number: 1, size: 8 })
    const containers = await service.storage.containers.byShipmentIds(
      mine,
      rows.map((row) => row.id),
    )
    terms = [
      ...containers.map((container) => container.number),
      ...rows.map((row) => row.normalized_number),
      'SCALE1234',
      'SCALE777',
    ].slice(0, 14)
    // older copies of one shipment under numbers of their own, so the statistics know a number is rare
    await service.storage.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copies on commit drop as
        select s.*, g from shipments s, generate_series(1, 20000) g where s.id = ${rows[0].id}`)
      await tx.execute(sql`update copies set id = gen_random_uuid(), bill_of_lading_number = 'SCALE' || g,
        normalized_number = 'SCALE' || g, search_numbers = array['SCALE' || g],
        created_at = created_at - interval '1 year' - make_interval(mins => g)`)
      await tx.execute(sql`alter table copies drop column g`)
      await tx.execute(sql`insert into shipments select * from copies`)
    })
    await service.storage.db.execute(sql`analyze shipments`)
  })
  afterAll(() => service?.stop())

  it('keeps one plan for searches by whole numbers', async () => {
    expect(terms.length).toBe(14)
    await service.storage.db.transaction(async (tx) => {
      const shipments = createShipmentStore(tx, () => new Date())
      for (const q of terms) {
        const { rows: found } = await shipments.list(mine, { q }, { number: 1, size: 30 })
        expect(found.length, q).toBe(1)
      }
      const result = await tx.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'shipments_search_first_30'`,
      )
      const [plan] = (result as unknown as { rows: { generic_plans: number; custom_plans: number }[] }).rows
      expect(Number(plan.custom_plans)).toBeLessThanOrEqual(5)
      expect(Number(plan.generic_plans)).toBeGreaterThanOrEqual(9)
    })
  })
})
