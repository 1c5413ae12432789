import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChargesSummaryDocumentSchema } from '../../src/contract/charges-summary'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { detentionProjection } from '../../src/contract/detention'
import { TerminalSchema } from '../../src/contract/terminals'
import { parties, terminals } from '../../src/server/storage/schema'
import { containerState } from '../../src/web/components/status/container-state'
import { projectDemurrage } from '../../src/web/components/status/demurrage-projection'
import { DATABASE_KINDS } from '../support/databases'
import { personWithKey } from '../support/role-callers'
import { NOW, OTHER_KEY, parsed, type Service, startService } from './harness'

type Rows = { rows: Record<string, unknown>[] }
const TARIFF = {
  currency: 'USD',
  free_days: 4,
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 4, per_day: 200 },
    { from_day: 8, per_day: 400 },
  ],
  source: 'Charges summary test tariff',
}
/** Noon in New York on a day in November (UTC-5), October's before the 1st (UTC-4). */
const noon = (ymd: string) => `${ymd}T${ymd < '2026-11-01' ? '16' : '17'}:00:00Z`

// NOW is 2026-11-22 07:00 in New York
const CASES = {
  // 4 days (Nov 4-7): 3 × 100 + 200
  pickedUp: { lfd: '2026-11-03', out: '2026-11-07T20:00:00Z' },
  // 6 days: Oct 30, 31 are days 1-2 (200); Nov 1-4 are days 3-6 (100 + 3 × 200)
  straddling: { lfd: '2026-10-29', out: '2026-11-04T20:00:00Z' },
  // still waiting: Nov 18-22, 5 days, 3 × 100 + 2 × 200
  waiting: { lfd: '2026-11-17', out: null },
  // 5 days, all in October: 3 × 100 + 2 × 200
  october: { lfd: '2026-10-15', out: '2026-10-20T16:00:00Z' },
} as const
/** The picked-up case's empty: due back by the end of Nov 12 in New York, not returned; NOW's day is Nov 22. */
const DETENTION = {
  deadline: '2026-11-13T04:59:59Z',
  // 10 days late: 2 × 50 + 8 × 80
  tariff: {
    currency: 'USD',
    free_days: 5,
    tiers: [
      { from_day: 1, per_day: 50 },
      { from_day: 3, per_day: 80 },
    ],
  },
  accruing: 740,
  days: 10,
}

describe.each(DATABASE_KINDS)('the charges summary on %s', (kind) => {
  let service: Service
  let terminalId: string
  let partyId: string
  let accountId: string
  const ids: Record<string, string> = {}
  const run = async (query: ReturnType<typeof sql>) =>
    ((await service.storage.db.execute(query)) as unknown as Rows).rows

  beforeAll(async () => {
    service = await startService(kind, { shipments: 12 })
    const [single] = await run(
      sql`select account_id from containers group by 1 order by count(*) desc limit 1`,
    )
    accountId = single.account_id as string
    const [port] = await run(sql`select id from ports where not inland order by code limit 1`)
    const [terminal] = await service.storage.db
      .insert(terminals)
      .values({ port_id: port.id as string, name: 'Charges Test Terminal', demurrage_tariff: TARIFF })
      .returning({ id: terminals.id })
    terminalId = terminal.id
    const [party] = await service.storage.db
      .insert(parties)
      .values({ account_id: accountId, company_name: 'Charges Test Customer' })
      .returning({ id: parties.id })
    partyId = party.id
    // one container of each of four shipments; the shipment's others have no last free day, so no charge
    const lone = await run(sql`select shipment_id, min(id::text) as id from containers
      where account_id = ${accountId} group by shipment_id order by 1 limit 4`)
    // detention only where a case sets it: without a line tariff the trigger keeps the deadline it is given
    await run(sql`update shipping_lines set detention_tariffs = null`)
    for (const [index, [name, c]] of Object.entries(CASES).entries()) {
      const row = lone[index]
      ids[name] = row.id as string
      await run(sql`update containers set pickup_lfd = null, empty_return_deadline = null, detention_tariff = null
        where shipment_id = ${row.shipment_id}`)
      await run(sql`update shipments set customer_id = ${partyId}, pod_terminal_id = ${terminalId}
        where id = ${row.shipment_id}`)
      await run(sql`update containers set pod_terminal_id = ${terminalId}, pod_timezone = 'America/New_York',
        final_destination_timezone = null, import_deadlines = null, holds_at_pod_terminal = '[]'::jsonb,
        fees_at_pod_terminal = '[]'::jsonb, available_for_pickup = true, availability_known = true,
        pod_arrived_at = '2026-10-01T00:00:00Z', pod_discharged_at = '2026-10-02T00:00:00Z',
        pickup_lfd = ${noon(c.lfd)}, lfd_sources = null, pickup_lfd_source = 'terminal',
        pickup_lfd_checked_at = ${NOW.toISOString()}, pod_full_out_at = ${c.out},
        final_destination_full_out_at = null, empty_terminated_at = null, delivered_at = null
        where id = ${row.id}`)
    }
    await run(sql`update containers set empty_return_deadline = ${DETENTION.deadline},
      detention_tariff = ${JSON.stringify(DETENTION.tariff)}::jsonb where id = ${ids.pickedUp}`)
  })
  afterAll(() => service?.stop())

  const summary = async (query: string, key?: string) => {
    const response = await service.call('GET', `/v2/charges_summary?${query}`, {
      key,
      headers: { 'Cache-Control': 'no-cache' },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return parsed(ChargesSummaryDocumentSchema, response.body)
  }
  const NOVEMBER = 'filter[from]=2026-11-01&filter[to]=2026-11-30'

  it('sums the terminal’s demurrage in the period as worked by hand: settled, accruing and days', async () => {
    const document = await summary(`group_by=terminal&${NOVEMBER}`)
    const row = document.data.find((r) => r.attributes.group_id === terminalId)
    expect(row?.attributes).toMatchObject({
      name: 'Charges Test Terminal',
      currency: 'USD',
      containers: 3,
      demurrage_days: 4 + 4 + 5,
      detention_days: DETENTION.days,
      days_past_free_time: 13 + DETENTION.days,
      demurrage_settled: 500 + 700,
      demurrage_accruing: 700,
      detention_settled: 0,
      detention_accruing: DETENTION.accruing,
    })
    expect(document.meta).toMatchObject({ from: '2026-11-01', to: '2026-11-30', detention_available: true })
    expect(document.meta.notes.join(' ')).toMatch(/not a record of payment/)
  })

  it('groups the same containers under their customer, and October holds only October’s days', async () => {
    const november = await summary(`group_by=customer&${NOVEMBER}`)
    expect(november.data.find((r) => r.attributes.group_id === partyId)?.attributes).toMatchObject({
      name: 'Charges Test Customer',
      containers: 3,
      demurrage_settled: 1200,
      demurrage_accruing: 700,
    })
    const october = await summary('group_by=customer&filter[from]=2026-10-01&filter[to]=2026-10-31')
    expect(october.data.find((r) => r.attributes.group_id === partyId)?.attributes).toMatchObject({
      containers: 2,
      demurrage_days: 2 + 5,
      demurrage_settled: 200 + 700,
      demurrage_accruing: 0,
    })
  })

  it('accrues what the container page projects for a pickup and a return today: one truth', async () => {
    const response = await service.get(`/v2/containers/${ids.waiting}?include=pod_terminal`)
    const document = parsed(ContainerDocumentSchema, response.body)
    const terminal = TerminalSchema.parse(document.included?.find((r) => r.type === 'terminal'))
    const a = document.data.attributes
    const state = containerState(a, {}, NOW)
    const projection = projectDemurrage(a, state.countdown, terminal.attributes.demurrage_tariff)
    expect(projection?.today).toBe(700)
    const row = (await summary(`group_by=terminal&${NOVEMBER}`)).data.find(
      (r) => r.attributes.group_id === terminalId,
    )
    expect(row?.attributes.demurrage_accruing).toBe(projection?.today)
    const pickedUp = parsed(
      ContainerDocumentSchema,
      (await service.get(`/v2/containers/${ids.pickedUp}`)).body,
    )
    expect(detentionProjection(pickedUp.data.attributes, NOW)?.cost).toBe(row?.attributes.detention_accruing)
  })

  it('shows a customer only its own party, and another account nothing of this one', async () => {
    const own = await personWithKey(service.storage, accountId, 'customer', { partyId })
    const mine = await summary(`group_by=terminal&${NOVEMBER}`, own.token)
    expect(mine.data.map((r) => r.attributes.group_id)).toEqual([terminalId])
    const [other] = await service.storage.db
      .insert(parties)
      .values({ account_id: accountId, company_name: 'Someone Else' })
      .returning({ id: parties.id })
    const stranger = await personWithKey(service.storage, accountId, 'customer', { partyId: other.id })
    expect((await summary(`group_by=customer&${NOVEMBER}`, stranger.token)).data).toEqual([])
    const otherAccount = await summary(`group_by=terminal&${NOVEMBER}`, OTHER_KEY)
    expect(otherAccount.data.some((r) => r.attributes.group_id === terminalId)).toBe(false)
  })

  it('reads the candidates a page at a time, each container once, however small the page', async () => {
    const window = { from: new Date('2025-11-23T00:00:00Z'), toEnd: new Date('2026-11-23T00:00:00Z') }
    const read = async (size?: number) => {
      const pages = []
      for await (const page of service.storage.charges.candidatePages(
        accountId,
        { ...window, group: 'terminal' },
        size,
      ))
        pages.push(page)
      const byGroup = new Map<string | null, number>()
      for (const candidate of pages.flat())
        byGroup.set(candidate.groupId, (byGroup.get(candidate.groupId) ?? 0) + candidate.count)
      return { pages: pages.length, byGroup }
    }
    const whole = await read()
    const paged = await read(3)
    expect(whole.pages).toBe(1)
    const containers = [...whole.byGroup.values()].reduce((a, b) => a + b, 0)
    expect(containers).toBeGreaterThan(6)
    // pages of 3 containers: one more page when the last is exactly full
    expect(paged.pages).toBeGreaterThanOrEqual(Math.ceil(containers / 3))
    expect(paged.byGroup).toEqual(whole.byGroup)
  })

  it('refuses a period backwards, too long or not a date, naming the parameter', async () => {
    for (const [query, parameter] of [
      ['filter[from]=2026-11-30&filter[to]=2026-11-01', 'filter[to]'],
      ['filter[from]=2025-01-01&filter[to]=2026-11-01', 'filter[to]'],
      ['filter[from]=2026-02-30', 'filter[from]'],
      ['group_by=vessel', 'group_by'],
    ]) {
      const response = await service.get(`/v2/charges_summary?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body.errors[0].source.parameter, query).toBe(parameter)
    }
  })
})
