import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CurrentAccountDocumentSchema } from '../../src/contract/account'
import {
  BOARD_FIELDS,
  BOARD_TABS,
  type BoardTab,
  boardTabsOf,
  ContainerBoardDocumentSchema,
  DEFAULT_LFD_WITHIN_DAYS,
  lfdDaysLeft,
} from '../../src/contract/container-board'
import type { Container } from '../../src/contract/containers'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentSchema } from '../../src/contract/shipments'
import { createContainerBoardStore } from '../../src/server/storage/container-board-store'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

// the demo places its board scenes only when it loads at least 100 shipments
const SHIPMENTS = 100

describe.each(DATABASE_KINDS)('the container board over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: SHIPMENTS })
  })
  afterAll(() => service?.stop())

  const board = async (query: string, key?: string) => {
    const response = await service.get(`/v2/containers?${query}`, key)
    expect(response.status).toBe(200)
    return parsed(ContainerBoardDocumentSchema, response.body)
  }

  /** Every container of the account with its shipment's ETA, classified by the contract's own rule. */
  const everyContainer = async () => {
    const all: { container: Container; tabs: BoardTab[] }[] = []
    for (let page = 1; ; page++) {
      const document = await board(`include=shipment&page[size]=100&page[number]=${page}`)
      const shipments = new Map(
        (document.included ?? [])
          .filter((r) => r.type === 'shipment')
          .map((r) => [r.id, ShipmentSchema.parse(r)]),
      )
      for (const container of document.data) {
        const shipment = shipments.get(container.relationships?.shipment?.data?.id ?? '')
        const facts = {
          attributes: container.attributes,
          podEtaAt: shipment?.attributes.pod_eta_at,
          podAtaAt: shipment?.attributes.pod_ata_at,
        }
        all.push({ container, tabs: boardTabsOf(facts, NOW, DEFAULT_LFD_WITHIN_DAYS) })
      }
      if (document.data.length < 100) return all
    }
  }

  it('counts every tab in one request, and every tab has a container', async () => {
    const document = await board('counts=tabs&page[size]=1')
    const counts = document.meta?.tab_counts
    for (const tab of BOARD_TABS) expect(counts?.[tab], tab).toBeGreaterThan(0)
  })

  it('puts each container in exactly the tabs the contract rule gives, counts included', async () => {
    const all = await everyContainer()
    const counts = (await board('counts=tabs&page[size]=1')).meta?.tab_counts
    for (const tab of BOARD_TABS) {
      const expected = all.filter((c) => c.tabs.includes(tab)).map((c) => c.container.id)
      const listed: string[] = []
      for (let page = 1; ; page++) {
        const document = await board(`filter[tab]=${tab}&page[size]=100&page[number]=${page}`)
        listed.push(...document.data.map((c) => c.id))
        if (document.data.length < 100) break
      }
      expect([...listed].sort(), tab).toEqual([...expected].sort())
      expect(counts?.[tab], tab).toBe(expected.length)
    }
  })

  it('lists the most urgent first: needs attention by last free day, overdue at the top', async () => {
    const document = await board('filter[tab]=attention&page[size]=100')
    const days = document.data.map((c) => lfdDaysLeft(c.attributes, NOW) ?? Number.POSITIVE_INFINITY)
    expect(days).toEqual([...days].sort((a, b) => a - b))
    expect(days[0]).toBeLessThan(0)
  })

  it('narrows to an LFD window of N days and still counts every tab with the same filters', async () => {
    const document = await board('filter[tab]=lfd_soon&filter[lfd_within_days]=0&counts=tabs&page[size]=100')
    expect(document.data.length).toBeGreaterThan(0)
    for (const container of document.data) expect(lfdDaysLeft(container.attributes, NOW)).toBe(0)
    expect(document.meta?.tab_counts?.lfd_soon).toBe(document.meta?.total)
  })

  it('filters by hold, carrier, customer, tag and terminal, and sorts by ETA', async () => {
    const held = await board('filter[hold]=customs&page[size]=100')
    expect(held.data.length).toBeGreaterThan(0)
    for (const c of held.data)
      expect(c.attributes.holds_at_pod_terminal?.map((h) => h.name)).toContain('customs')

    const all = await everyContainer()
    const sample = all.find((c) => c.tabs.includes('overdue'))!.container
    const terminal = sample.relationships?.pod_terminal?.data?.id
    const byTerminal = await board(`filter[pod_terminal_id]=${terminal}&page[size]=100`)
    expect(byTerminal.data.map((c) => c.id)).toContain(sample.id)
    for (const c of byTerminal.data) expect(c.relationships?.pod_terminal?.data?.id).toBe(terminal)

    const withShipments = await board(`include=shipment&page[size]=100&filter[tab]=arriving&sort=-pod_eta_at`)
    const etas = withShipments.data.map(
      (c) =>
        withShipments.included!.find((r) => r.id === c.relationships?.shipment?.data?.id)!.attributes!
          .pod_eta_at as string,
    )
    expect(etas).toEqual([...etas].sort().reverse())
    const shipment = ShipmentSchema.parse(withShipments.included![0])
    const scac = shipment.attributes.shipping_line_scac!
    const byCarrier = await board(`include=shipment&filter[shipping_line_scac]=${scac}&page[size]=100`)
    expect(byCarrier.data.length).toBeGreaterThan(0)
    for (const r of byCarrier.included!.filter((r) => r.type === 'shipment'))
      expect(r.attributes!.shipping_line_scac).toBe(scac)
    const customer = shipment.relationships?.customer?.data?.id
    if (customer) {
      const byCustomer = await board(`include=shipment&filter[customer_id]=${customer}&page[size]=100`)
      for (const r of byCustomer.included!.filter((r) => r.type === 'shipment'))
        expect(r.attributes!.customer_name).toBe(shipment.attributes.customer_name)
    }
    const tagged = await board('include=shipment&filter[tags]=priority&page[size]=100')
    for (const r of tagged.included!.filter((r) => r.type === 'shipment'))
      expect(r.attributes!.tags).toContain('priority')
  })

  // hundreds of containers share a last free day, a deadline or a vessel's ETA: an index that gave only the
  // date made each page read and sort all of them (arriving: 15 ms a page at 100,000 shipments)
  it('reads each tab’s page in order from an index, with no sort of the rows that share a date', async () => {
    type Rows = { rows: { account_id: string }[] }
    const { rows } = (await service.storage.db.execute(
      sql`select account_id from containers group by 1 order by count(*) desc limit 1`,
    )) as unknown as Rows
    // a board of this transaction's own, so its settings hold on PostgreSQL's pool too
    await service.storage.db.transaction(async (tx) => {
      for (const setting of ['enable_sort', 'enable_seqscan', 'enable_bitmapscan', 'enable_hashjoin'])
        await tx.execute(sql.raw(`set local ${setting} = off`))
      const board = createContainerBoardStore(
        tx,
        () => NOW,
        async () => [],
      )
      for (const tab of BOARD_TABS) {
        const plan = (
          await board.explainPage(rows[0].account_id, { tab, days: 3 }, { number: 2, size: 25 })
        ).join('\n')
        expect(plan, tab).not.toMatch(/(^|->\s+)Sort\s+\(cost/m)
        // only a shipment's own few containers are put in order of their ids
        for (const presorted of plan.matchAll(/Presorted Key: (.*)/g))
          expect(presorted[1], tab).toBe('shipments.pod_eta_at, containers.shipment_id')
      }
      // the available tab starts at today's last free days, past the overdue and held ones before them
      const available = (
        await board.explainPage(rows[0].account_id, { tab: 'available', days: 3 }, { number: 1, size: 25 })
      ).join('\n')
      expect(available).toMatch(/containers_account_available/)
      expect(available).toMatch(/Index Cond: .*COALESCE\(pickup_lfd, 'infinity'/)
      // the plan it runs with: one generic plan, its time and account parameters
      expect(available).toMatch(/Index Cond: \(\(account_id = \$\d+\) AND .*\$\d+/)
      // a last free day no longer confirmed is passed over in the index, not fetched to be filtered out (0044)
      const soon = (
        await board.explainPage(rows[0].account_id, { tab: 'lfd_soon', days: 3 }, { number: 1, size: 25 })
      ).join('\n')
      for (const plan of [available, soon]) expect(plan).toMatch(/Index Cond: .*pickup_lfd_checked_at/)
      // an empty overdue in its own zone is passed over in the index too (0045)
      const emptyDue = (
        await board.explainPage(rows[0].account_id, { tab: 'empty_due', days: 3 }, { number: 1, size: 25 })
      ).join('\n')
      expect(emptyDue).toMatch(/containers_account_empty_out/)
      expect(emptyDue).toMatch(/Index Cond: .*empty_return_zone/)
    })
  })

  it("says an empty's deadline day has ended as the board's day arithmetic does, in any zone, at any time", async () => {
    type Rows = { rows: { rows: number; differ: number; excluded: number }[] }
    // every 55 minutes (so past every minute of the hour in turn) over a year, across every change of the
    // clocks north and south, in zones from -10 to +14 hours with half-hour and 45-minute offsets, one that
    // shifts at midnight and one that shifts by half an hour
    const zones = [
      'UTC',
      'Pacific/Honolulu',
      'America/Los_Angeles',
      'America/St_Johns',
      'America/Santiago',
      'Europe/London',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
    ]
    for (const hours of [-30, 0, 13]) {
      const at = new Date(NOW.getTime() + hours * 3_600_000).toISOString()
      const { rows } = (await service.storage.db.execute(sql`
        with cases as (
          select deadline, zone,
            ((deadline at time zone zone)::date - (${at}::timestamptz at time zone zone)::date) >= 0 as due,
            empty_day_ends(deadline, zone) as ends
          from generate_series(${at}::timestamptz - interval '6 months', ${at}::timestamptz + interval '6 months', interval '55 minutes') deadline,
            unnest(string_to_array(${zones.join(' ')}, ' ')) zone)
        select count(*)::int as rows,
          count(*) filter (where due is distinct from (ends > ${at}::timestamptz))::int as differ,
          count(*) filter (where due and not ends > ${at}::timestamptz - interval '3 hours')::int as excluded
        from cases`)) as unknown as Rows
      expect(rows[0].rows).toBeGreaterThan(90_000)
      expect(rows[0].excluded, `${hours} hours: never passed over while due`).toBe(0)
      expect(rows[0].differ, `${hours} hours`).toBe(0)
    }
    // a container without a zone counts in UTC, as `coalesce(empty_return_zone, 'UTC')` does
    const { rows } = (await service.storage.db.execute(
      sql`select empty_day_ends('2026-11-27T23:59:00Z', null) = '2026-11-28T00:00:00Z'::timestamptz as utc`,
    )) as unknown as { rows: { utc: boolean }[] }
    expect(rows[0].utc).toBe(true)
  })

  it("says when a last free day stops counting as migration 0032's function does, at any time", async () => {
    type Rows = { rows: { differ: number; rows: number }[] }
    for (const hours of [-12, 0, 5, 7, 30]) {
      const at = new Date(NOW.getTime() + hours * 3_600_000).toISOString()
      const { rows } = (await service.storage.db.execute(sql`
        select count(*)::int as rows, count(*) filter (where
          (pickup_lfd is null or coalesce(lfd_confirmed_until(pickup_lfd_checked_at, pickup_lfd_source) >= ${at}::timestamptz, true))
          is distinct from (lfd_counts_until(pickup_lfd, pickup_lfd_checked_at, pickup_lfd_source) >= ${at}::timestamptz))::int as differ
        from containers`)) as unknown as Rows
      expect(rows[0].rows).toBeGreaterThan(0)
      expect(rows[0].differ, `${hours} hours`).toBe(0)
    }
  })

  it('lists the available tab by last free day, those without one last', async () => {
    const listed: (string | null | undefined)[] = []
    for (let page = 1; ; page++) {
      const document = await board(`filter[tab]=available&page[size]=100&page[number]=${page}`)
      listed.push(...document.data.map((c) => c.attributes.pickup_lfd))
      if (document.data.length < 100) break
    }
    const dated = listed.filter((lfd) => lfd)
    expect(dated.length).toBeGreaterThan(0)
    expect(listed.slice(0, dated.length)).toEqual(dated)
    expect(dated).toEqual([...dated].sort())
  })

  it('refuses a tab, window, sort or id it does not know, naming the parameter', async () => {
    for (const [query, parameter] of [
      ['filter[tab]=urgent', 'filter[tab]'],
      ['filter[lfd_within_days]=99', 'filter[lfd_within_days]'],
      ['filter[lfd_within_days]=-1', 'filter[lfd_within_days]'],
      ['sort=fees', 'sort'],
      ['filter[pod_terminal_id]=not-a-uuid', 'filter[pod_terminal_id]'],
      ['counts=all', 'counts'],
    ]) {
      const response = await service.get(`/v2/containers?${query}`)
      expect(response.status, query).toBe(400)
      expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.parameter).toBe(parameter)
    }
  })

  it("answers the board's fieldsets: each container whole, only what the board reads of the rest", async () => {
    const page = 'filter[tab]=attention&include=shipment,pod_terminal&page[size]=25'
    const fieldsets = Object.entries(BOARD_FIELDS)
      .map(([type, names]) => `fields[${type}]=${names.join(',')}`)
      .join('&')
    const whole = (await service.get(`/v2/containers?${page}`)).body
    const asked = await board(`${page}&${fieldsets}`)
    expect(asked.data.map((c) => c.id)).toEqual(whole.data.map((c: { id: string }) => c.id))
    expect(asked.data.length).toBeGreaterThan(0)
    for (const [index, container] of asked.data.entries()) {
      expect(container.attributes).toEqual(whole.data[index].attributes)
      expect(Object.keys(container.relationships ?? {}).sort()).toEqual(['pod_terminal', 'shipment'])
    }
    const wholeIncluded = new Map(
      whole.included.map((r: { type: string; id: string }) => [`${r.type}:${r.id}`, r]),
    )
    expect(asked.included?.length).toBe(wholeIncluded.size)
    for (const resource of asked.included ?? []) {
      const names = BOARD_FIELDS[resource.type as 'shipment' | 'terminal'] as readonly string[]
      const full = wholeIncluded.get(`${resource.type}:${resource.id}`) as {
        attributes: Record<string, unknown>
      }
      expect(resource.attributes).toEqual(
        Object.fromEntries(names.map((name) => [name, full.attributes[name]])),
      )
      expect(resource.relationships).toBeUndefined()
    }
    expect(JSON.stringify(asked).length).toBeLessThan(JSON.stringify(whole).length * 0.75)
  })

  it('refuses a fieldset for a type it does not have or with a name no field can have', async () => {
    for (const [query, parameter] of [
      ['fields[contianer]=number', 'fields[contianer]'],
      ['fields[container]=number,pickup-lfd', 'fields[container]'],
      ['fields=number', 'fields'],
    ]) {
      const response = await service.get(`/v2/containers?${query}`)
      expect(response.status, query).toBe(400)
      expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.parameter).toBe(parameter)
    }
  })

  it("counts only the caller's own containers", async () => {
    const mine = (await board('counts=tabs&page[size]=1')).meta!
    const theirs = (await board('counts=tabs&page[size]=1', OTHER_KEY)).meta!
    expect(theirs.total).toBeLessThan(mine.total!)
    const theirIds = (await board('page[size]=100', OTHER_KEY)).data.map((c) => c.id)
    const myIds = new Set((await everyContainer()).map((c) => c.container.id))
    expect(theirIds.some((id) => myIds.has(id))).toBe(false)
  })

  it('shows each terminal its demurrage tariff with where the figures come from', async () => {
    const document = await board('filter[tab]=overdue&include=pod_terminal&page[size]=5')
    const terminal = document.included!.find((r) => r.type === 'terminal')!
    const tariff = terminal.attributes!.demurrage_tariff as { tiers: unknown[]; source: string }
    expect(tariff.tiers.length).toBeGreaterThan(0)
    expect(tariff.source).toMatch(/demo tariff/)
  })

  it("tells a key its own account, what it may do and the account's inbound address", async () => {
    const mine = parsed(CurrentAccountDocumentSchema, (await service.get('/v2/account')).body)
    expect(mine.data.attributes).toEqual({
      company_name: 'Harbor Freight Demo Co.',
      key_scope: 'write',
      inbound_email_address: 'harbor-freight-demo-co@quayside.localhost',
    })
    const read = parsed(CurrentAccountDocumentSchema, (await service.get('/v2/account', READ_KEY)).body)
    expect(read.data.attributes.key_scope).toBe('read')
    const theirs = parsed(CurrentAccountDocumentSchema, (await service.get('/v2/account', OTHER_KEY)).body)
    expect(theirs.data.attributes.company_name).toBe('Second Account Ltd.')
    expect(theirs.data.id).not.toBe(mine.data.id)
    expect((await service.get('/v2/account', null)).status).toBe(401)
  })
})
