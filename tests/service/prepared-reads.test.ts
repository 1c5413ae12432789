import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, type Service, startService } from './harness'

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
      { q, scac: rows[0].shipping_line_scac },
      { number: 1, size: 30 },
    )
    expect(alone).toEqual({ rows: [rows[0]], total: 1 })
    expect(filtered).toEqual(alone)
    expect(await service.storage.shipments.list(theirs, { q }, { number: 1, size: 30 })).toEqual({
      rows: [],
      total: 0,
    })
  })
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
