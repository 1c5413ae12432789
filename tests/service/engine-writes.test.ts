import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedDemo } from '../../src/server/demo/seed'
import type { Database } from '../../src/server/storage/database'
import {
  changeEvents,
  rawEvents,
  transportEvents,
  vesselPositions,
  vessels,
} from '../../src/server/storage/schema'
import { createStorage, type Storage } from '../../src/server/storage/storage'
import { DATABASE_KINDS, openTestDatabase } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'
import { NOW } from './harness'

type Versions = { rows: { id: string; xmin: string }[] }

describe.each(DATABASE_KINDS)("the engine's writes on %s", (kind) => {
  let database: Database
  let storage: Storage
  const blobs = tempBlobStore()
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    storage = createStorage(database, { now: () => NOW }, blobs)
    await seedDemo(storage, { shipments: 2, now: NOW, apiKey: 'engine-writes-key-00' })
  })
  afterAll(async () => {
    await database?.close()
    blobs.remove()
  })

  const versionsOf = async (containerId: string) =>
    new Map(
      (
        (await storage.db.execute(
          sql`select id::text, xmin::text from raw_events where container_id = ${containerId}`,
        )) as unknown as Versions
      ).rows.map((row) => [row.id, row.xmin]),
    )

  it("offered a voyage's raw events again, rewrites only the one that moved", async () => {
    const [{ container }] = await storage.db
      .select({ container: rawEvents.container_id })
      .from(rawEvents)
      .groupBy(rawEvents.container_id)
      .having(sql`count(*) > 3`)
      .limit(1)
    const rows = await storage.db
      .select()
      .from(rawEvents)
      .where(eq(rawEvents.container_id, container))
      .orderBy(asc(rawEvents.index))
    const before = await versionsOf(container)

    await storage.tracking.upsertRawEvents(rows)
    expect(await versionsOf(container)).toEqual(before)

    const moved = { ...rows[1], timestamp: new Date(NOW.getTime() + 3_600_000), estimated: false }
    await storage.tracking.upsertRawEvents([rows[0], moved, ...rows.slice(2)])
    const after = await versionsOf(container)
    for (const row of rows)
      if (row.id === moved.id) expect(after.get(row.id)).not.toBe(before.get(row.id))
      else expect(after.get(row.id), row.original_event).toBe(before.get(row.id))
    const [stored] = await storage.db.select().from(rawEvents).where(eq(rawEvents.id, moved.id))
    expect(stored.timestamp).toEqual(moved.timestamp)
    expect(stored.estimated).toBe(false)
  })

  it("offered a voyage's stored facts again, writes no statement, and a new one alone", async () => {
    const [{ container }] = await storage.db
      .select({ container: transportEvents.container_id })
      .from(transportEvents)
      .groupBy(transportEvents.container_id)
      .having(sql`count(*) > 3`)
      .limit(1)
    const facts = await storage.db
      .select()
      .from(transportEvents)
      .where(eq(transportEvents.container_id, container))
    const changes = await storage.db.select().from(changeEvents).limit(5)
    const raws = await storage.db.select().from(rawEvents).where(eq(rawEvents.container_id, container))
    const inserts = vi.spyOn(storage.db, 'insert')
    try {
      expect(await storage.tracking.insertNewTransportEvents(facts)).toEqual([])
      expect(await storage.tracking.insertNewChangeEvents(changes)).toEqual([])
      await storage.tracking.upsertRawEvents(raws)
      expect(inserts).not.toHaveBeenCalled()

      const fresh = {
        ...facts[0],
        id: '00000000-0000-4000-8000-0000000e0001',
        event: 'container.transport.vessel_departed',
      }
      const written = await storage.tracking.insertNewTransportEvents([...facts, fresh])
      expect(written.map((row) => row.id)).toEqual([fresh.id])
      expect(inserts).toHaveBeenCalledTimes(1)
    } finally {
      inserts.mockRestore()
    }
  })

  it('moves the whole fleet in one write: each vessel where it was reported, and once on its track', async () => {
    const fleet = await storage.db.select({ id: vessels.id }).from(vessels).orderBy(asc(vessels.id)).limit(3)
    const at = new Date('2026-11-22T12:15:00Z')
    const positions = fleet.map((vessel, i) => ({
      vessel_id: vessel.id,
      latitude: 10 + i,
      longitude: -20.5 - i,
      heading: 90 * i,
      speed_knots: i === 2 ? null : 14.5,
    }))
    await storage.tracking.moveVessels(at, positions)
    // a second report for the same quarter hour moves the vessel but keeps the track's first
    await storage.tracking.moveVessels(at, [{ ...positions[0], latitude: 11.25 }])
    await storage.tracking.moveVessels(at, [])

    const moved = await storage.db.select().from(vessels).where(eq(vessels.id, fleet[0].id))
    expect(moved[0]).toMatchObject({ latitude: 11.25, longitude: -20.5, position_timestamp: at })
    const third = await storage.db.select().from(vessels).where(eq(vessels.id, fleet[2].id))
    expect(third[0]).toMatchObject({
      latitude: 12,
      navigational_heading_degrees: 180,
      nautical_speed_knots: null,
    })
    const track = await storage.db
      .select()
      .from(vesselPositions)
      .where(eq(vesselPositions.timestamp, at))
      .orderBy(asc(vesselPositions.vessel_id))
    expect(track.map((p) => [p.vessel_id, p.latitude, p.speed_knots])).toEqual(
      positions.map((p) => [p.vessel_id, p.latitude, p.speed_knots]),
    )
  })
})
