import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AlertCondition } from '../../src/contract/alerts'
import { evaluateAlerts } from '../../src/server/alerts/evaluate-alerts'
import { DATABASE_KINDS } from '../support/databases'
import { alertsOf, arrange, createRule, neutral, taggedContainer } from './alert-support'
import { type Service, startService } from './harness'

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Columns = Parameters<typeof arrange>[2]
type Crossing = {
  condition: AlertCondition
  /** Columns on the container, then on its shipment. */
  trueNow: (now: Date) => [Columns, Parameters<typeof arrange>[3]?]
  falseNow: (now: Date) => [Columns, Parameters<typeof arrange>[3]?]
}

const STATE_CROSSINGS: Crossing[] = [
  {
    condition: { kind: 'lfd_within', days: 2 },
    trueNow: (now) => [{ pickup_lfd: new Date(now.getTime() + DAY) }],
    falseNow: (now) => [{ pickup_lfd: new Date(now.getTime() + 10 * DAY) }],
  },
  {
    condition: { kind: 'overdue_accruing' },
    trueNow: (now) => [{ pickup_lfd: new Date(now.getTime() - 2 * DAY), available_for_pickup: true }],
    falseNow: (now) => [{ pickup_lfd: new Date(now.getTime() + 5 * DAY) }],
  },
  {
    condition: { kind: 'hold_appeared' },
    trueNow: () => [{ holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }] }],
    falseNow: () => [{ holds_at_pod_terminal: [] }],
  },
  {
    condition: { kind: 'holds_cleared' },
    trueNow: () => [{ available_for_pickup: true, holds_at_pod_terminal: [] }],
    falseNow: () => [{ available_for_pickup: false }],
  },
  {
    // the pickup's trigger sets the deadline from the line's tariff (a few days on); without one, the given one stays
    condition: { kind: 'empty_not_returned' },
    trueNow: (now) => [
      {
        pod_full_out_at: new Date(now.getTime() - 20 * DAY),
        empty_return_deadline: new Date(now.getTime() - 10 * DAY),
        empty_terminated_at: null,
      },
    ],
    falseNow: (now) => [{ empty_terminated_at: now }],
  },
  {
    condition: { kind: 'data_stale', hours: 48 },
    trueNow: (now) => [
      { terminal_checked_at: null, pickup_lfd_checked_at: null, upstream_checked_at: null },
      { line_tracking_last_succeeded_at: new Date(now.getTime() - 3 * DAY), line_tracking_stopped_at: null },
    ],
    falseNow: (now) => [{}, { line_tracking_last_succeeded_at: now }],
  },
]

describe.each(DATABASE_KINDS)('alert rules fire once per crossing, on %s', (kind) => {
  let service: Service
  const evaluate = () => evaluateAlerts(service.storage, service.clock.now())

  beforeAll(async () => {
    service = await startService(kind, { shipments: 40 })
  })
  afterAll(() => service.stop())

  it.each(STATE_CROSSINGS.map((crossing, index) => [crossing.condition.kind, crossing, index] as const))(
    '%s: once when it becomes true, not again while true, again after it clears and comes back',
    async (_kind, crossing, index) => {
      const target = await taggedContainer(service, index)
      const now = () => service.clock.now()
      await arrange(service, target, neutral(now()))
      const ruleId = await createRule(service, {
        condition: crossing.condition,
        scope: { kind: 'tag', tag: target.tag },
        recipient_emails: ['ops@example.com'],
      })
      await evaluate()
      expect(await alertsOf(service, ruleId)).toHaveLength(0)
      await arrange(service, target, ...crossing.trueNow(now()))
      await evaluate()
      const first = await alertsOf(service, ruleId)
      expect(first.map((alert) => alert.subject_id)).toEqual([target.id])
      expect(first[0].title).toContain(target.number)
      service.advance(10 * 60_000)
      await arrange(service, target, ...crossing.trueNow(now()))
      await evaluate()
      expect(await alertsOf(service, ruleId)).toHaveLength(1)
      await arrange(service, target, ...crossing.falseNow(now()))
      await evaluate()
      expect(await alertsOf(service, ruleId)).toHaveLength(1)
      await arrange(service, target, ...crossing.trueNow(now()))
      await evaluate()
      expect(await alertsOf(service, ruleId)).toHaveLength(2)
    },
  )

  it('eta_slipped: measures from the first ETA it saw, fires once past N hours, again only after clearing', async () => {
    const target = await taggedContainer(service, 10)
    const now = service.clock.now()
    const eta = new Date(now.getTime() + 5 * DAY)
    await arrange(
      service,
      target,
      { ...neutral(now), pod_arrived_at: null, pod_discharged_at: null },
      {
        pod_eta_at: eta,
        pod_ata_at: null,
      },
    )
    const ruleId = await createRule(service, {
      condition: { kind: 'eta_slipped', hours: 24 },
      scope: { kind: 'tag', tag: target.tag },
    })
    // every container of the shipment shares its ETA: this one's alerts
    const firedFor = async () =>
      (await alertsOf(service, ruleId)).filter((alert) => alert.subject_id === target.id)
    await evaluate()
    await arrange(service, target, {}, { pod_eta_at: new Date(eta.getTime() + 20 * HOUR) })
    await evaluate()
    expect(await firedFor()).toHaveLength(0)
    await arrange(service, target, {}, { pod_eta_at: new Date(eta.getTime() + 30 * HOUR) })
    await evaluate()
    await evaluate()
    expect(await firedFor()).toHaveLength(1)
    // back to the first ETA: cleared, and measured afresh from there
    await arrange(service, target, {}, { pod_eta_at: eta })
    await evaluate()
    await evaluate()
    await arrange(service, target, {}, { pod_eta_at: new Date(eta.getTime() + 25 * HOUR) })
    await evaluate()
    expect(await firedFor()).toHaveLength(2)
  })

  it('fires again while still true once the repeat interval has passed, and not before', async () => {
    const target = await taggedContainer(service, 11)
    await arrange(service, target, {
      ...neutral(service.clock.now()),
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
    })
    const ruleId = await createRule(service, {
      condition: { kind: 'hold_appeared' },
      scope: { kind: 'tag', tag: target.tag },
      repeat_interval_hours: 4,
    })
    await evaluate()
    service.advance(3 * HOUR)
    await evaluate()
    expect(await alertsOf(service, ruleId)).toHaveLength(1)
    service.advance(HOUR + 60_000)
    await evaluate()
    await evaluate()
    expect(await alertsOf(service, ruleId)).toHaveLength(2)
  })

  it.each([
    ['vessel_arrived', 'pod_arrived_at'],
    ['container_discharged', 'pod_discharged_at'],
  ] as const)(
    '%s: once when %s is set after the rule exists, never for the past',
    async (conditionKind, column) => {
      const index = conditionKind === 'vessel_arrived' ? 12 : 13
      const past = await taggedContainer(service, index)
      const target = await taggedContainer(service, index + 2)
      await service.storage.db.execute(
        sql`update shipments set tags = ${JSON.stringify([target.tag])}::jsonb where id in (${past.shipment_id}, ${target.shipment_id})`,
      )
      const before = new Date(service.clock.now().getTime() - DAY)
      await arrange(service, past, { ...neutral(service.clock.now()), [column]: before })
      await arrange(service, target, {
        ...neutral(service.clock.now()),
        pod_arrived_at: null,
        pod_discharged_at: null,
      })
      const ruleId = await createRule(service, {
        condition: { kind: conditionKind },
        scope: { kind: 'tag', tag: target.tag },
      })
      await evaluate()
      expect(await alertsOf(service, ruleId)).toHaveLength(0)
      service.advance(60_000)
      await arrange(service, target, { [column]: service.clock.now() })
      await evaluate()
      await evaluate()
      service.advance(DAY)
      await evaluate()
      expect((await alertsOf(service, ruleId)).map((alert) => alert.subject_id)).toEqual([target.id])
    },
  )

  it('document_arrived and document_unreadable: once for a document after the rule, none for those before', async () => {
    const accountId = (await taggedContainer(service, 20)).accountId
    const arrived = await createRule(service, { condition: { kind: 'document_arrived' } })
    const unreadable = await createRule(service, { condition: { kind: 'document_unreadable' } })
    await evaluate()
    expect(await alertsOf(service, arrived)).toHaveLength(0)
    service.advance(60_000)
    const name = `notice-${randomUUID().slice(0, 6)}.pdf`
    const { rows } = await service.storage.db.execute<{ id: string }>(
      sql`insert into documents (account_id, name, source, file_name, file_content_type, file_size_bytes, created_at, updated_at)
          values (${accountId}, ${name}, 'upload', ${name}, 'application/pdf', 10, ${service.clock.now()}, ${service.clock.now()}) returning id`,
    )
    await evaluate()
    await evaluate()
    const fired = await alertsOf(service, arrived)
    expect(fired.map((alert) => alert.subject_id)).toEqual([rows[0].id])
    expect(fired[0].title).toContain(name)
    expect(await alertsOf(service, unreadable)).toHaveLength(0)
    service.advance(60_000)
    await service.storage.db.execute(
      sql`update documents set extraction_status = 'failed', extraction_error = 'No text layer', updated_at = ${service.clock.now()} where id = ${rows[0].id}`,
    )
    await evaluate()
    await evaluate()
    expect((await alertsOf(service, unreadable)).map((alert) => alert.body)).toEqual(['No text layer'])
    expect(await alertsOf(service, arrived)).toHaveLength(1)
  })

  it('tracking_failed: once for a request that fails after the rule', async () => {
    const target = await taggedContainer(service, 21)
    const ruleId = await createRule(service, {
      condition: { kind: 'tracking_failed' },
      scope: { kind: 'tag', tag: target.tag },
    })
    service.advance(60_000)
    const { rows } = await service.storage.db.execute<{ id: string }>(
      sql`insert into tracking_requests (account_id, request_number, request_type, scac, status, failed_reason, shipment_tags, created_at, updated_at)
          values (${target.accountId}, 'MAEU999000111', 'bill_of_lading', 'MAEU', 'failed', 'Not found at the line', ${JSON.stringify([target.tag])}::jsonb, ${service.clock.now()}, ${service.clock.now()})
          returning id`,
    )
    await evaluate()
    await evaluate()
    const fired = await alertsOf(service, ruleId)
    expect(fired.map((alert) => alert.subject_id)).toEqual([rows[0].id])
    expect(fired[0].body).toBe('Not found at the line')
  })
})
