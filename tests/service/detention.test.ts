import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerBoardDocumentSchema } from '../../src/contract/container-board'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { returnDeadlineOf, returnZoneOf, tariffForPort } from '../../src/contract/detention'
import type { DetentionTariff } from '../../src/contract/detention-tariff'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

const DAY = 86_400_000
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Mars/Olympus',
  null,
]

type Row = {
  id: string
  pod_full_out_at: string | null
  final_destination_full_out_at: string | null
  pod_timezone: string | null
  final_destination_timezone: string | null
  port: string | null
  tariffs: (DetentionTariff & { ports: string[] | null })[] | null
  deadline: string | null
  tariff: DetentionTariff | null
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null)

describe.each(DATABASE_KINDS)('detention for the empty on %s', (kind) => {
  let service: Service
  const random = seededRandom('detention')
  const rows = async () =>
    (
      await service.storage.db.execute<Row>(sql`select c.id, c.pod_full_out_at, c.final_destination_full_out_at,
        c.pod_timezone, c.final_destination_timezone, s.port_of_discharge_locode as port,
        l.detention_tariffs as tariffs, c.empty_return_deadline as deadline, c.detention_tariff as tariff
        from containers c join shipments s on s.id = c.shipment_id
        left join shipping_lines l on l.scac = s.shipping_line_scac order by c.id`)
    ).rows

  /** The trigger's deadline is the contract's, for every container. */
  const expectContractDeadlines = async () => {
    const all = await rows()
    let pickedUp = 0
    for (const row of all) {
      const at = row.pod_full_out_at ?? row.final_destination_full_out_at
      const a = {
        pod_full_out_at: iso(row.pod_full_out_at),
        final_destination_full_out_at: iso(row.final_destination_full_out_at),
        pod_timezone: row.pod_timezone,
        final_destination_timezone: row.final_destination_timezone,
      }
      const tariff = at ? tariffForPort(row.tariffs, row.port) : undefined
      if (tariff) pickedUp++
      const expected = tariff ? returnDeadlineOf(new Date(at!), returnZoneOf(a), tariff).toISOString() : null
      expect(iso(row.deadline), `${row.id} picked up ${iso(at)} in ${returnZoneOf(a)}`).toBe(expected)
      expect(row.tariff ?? null).toEqual(tariff ?? null)
    }
    return pickedUp
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 40 })
  })
  afterAll(() => service?.stop())

  it("sets each picked-up container's deadline by its line's tariff for its lane, as the contract reckons it", async () => {
    expect(await expectContractDeadlines()).toBeGreaterThan(10)
    const used = (await rows()).flatMap((row) => (row.tariff ? [row.tariff] : []))
    // both lanes, and tariffs with and without weekends
    expect(new Set(used.map((t) => (t.ports ? 'lane' : 'default')))).toEqual(new Set(['lane', 'default']))
    expect(new Set(used.map((t) => Boolean(t.weekends_excluded)))).toEqual(new Set([true, false]))
  })

  it('agrees with the contract across zones, weekends and daylight saving changes', async () => {
    const ids = (await rows()).map((row) => row.id)
    for (let round = 0; round < 6; round++) {
      for (const id of ids.filter(() => random.chance(0.5))) {
        // anywhere in a year, at any minute: both daylight saving changes and every weekday
        const at = (chance: number) =>
          random.chance(chance)
            ? null
            : new Date(Date.UTC(2026, 0, 1) + random.int(0, 365 * 24 * 60) * 60_000)
        await service.storage.db.execute(sql`update containers set pod_full_out_at = ${at(0.3)},
          final_destination_full_out_at = ${at(0.5)}, pod_timezone = ${random.pick(ZONES)},
          final_destination_timezone = ${random.pick(ZONES)} where id = ${id}`)
      }
      await expectContractDeadlines()
    }
    // the last free day's board counts fail on a misspelt zone (the containers' own, not the empties', which
    // count in one the database knows): put them right and fold the kept rows that named it
    await service.storage.db.execute(sql`update containers set
      pod_timezone = case when pod_timezone = 'Mars/Olympus' then 'UTC' else pod_timezone end,
      final_destination_timezone = case when final_destination_timezone = 'Mars/Olympus' then 'UTC'
        else final_destination_timezone end`)
    await service.storage.board.mergeCounts()
  })

  it('renders the deadline and the illustrative tariff on the container, and none before pickup', async () => {
    const [row] = (await rows()).filter((r) => r.deadline)
    const rendered = async () =>
      parsed(
        ContainerDocumentSchema,
        (await service.call('GET', `/v2/containers/${row.id}`, { headers: { 'Cache-Control': 'no-cache' } }))
          .body,
      ).data.attributes
    const a = await rendered()
    expect(iso(a.empty_return_deadline ?? null)).toBe(iso(row.deadline))
    expect(a.detention_tariff?.source).toMatch(/illustrative/)
    await service.storage.db.execute(
      sql`update containers set pod_full_out_at = null, final_destination_full_out_at = null where id = ${row.id}`,
    )
    expect((await rendered()).empty_return_deadline).toBeNull()
  })

  it('moves a container from Empty due to Empty overdue as its deadline passes, and out once returned', async () => {
    const board = async (tab: string) => {
      const response = await service.call(
        'GET',
        `/v2/containers?filter[tab]=${tab}&counts=tabs&page[size]=100`,
        {
          headers: { 'Cache-Control': 'no-cache' },
        },
      )
      const document = parsed(ContainerBoardDocumentSchema, response.body)
      expect(document.meta?.tab_counts?.[tab as 'empty_due']).toBe(document.meta?.total)
      return document.data.map((c) => c.id)
    }
    const [row] = (await rows()).filter((r) => r.tariff)
    const now = service.clock.now().getTime()
    await service.storage.db.execute(sql`update containers set pod_full_out_at = ${new Date(now - DAY)},
      final_destination_full_out_at = null, empty_terminated_at = null, pod_timezone = 'America/Los_Angeles'
      where id = ${row.id}`)
    expect(await board('empty_due')).toContain(row.id)
    expect(await board('empty_overdue')).not.toContain(row.id)
    service.advance(12 * DAY)
    expect(await board('empty_due')).not.toContain(row.id)
    expect(await board('empty_overdue')).toContain(row.id)
    await service.storage.db.execute(
      sql`update containers set empty_terminated_at = ${new Date(now + 11 * DAY)} where id = ${row.id}`,
    )
    expect(await board('empty_overdue')).not.toContain(row.id)
  })
})
