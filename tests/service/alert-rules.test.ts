import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AlertListDocumentSchema,
  AlertRuleDocumentSchema,
  AlertRulePreviewSchema,
} from '../../src/contract/alerts'
import type { Role } from '../../src/contract/people'
import { evaluateAlerts } from '../../src/server/alerts/evaluate-alerts'
import { users } from '../../src/server/storage/schema'
import { DATABASE_KINDS } from '../support/databases'
import {
  accountIdOf,
  alertsOf,
  arrange,
  createRule,
  deliveriesOf,
  neutral,
  ruleBody,
  taggedContainer,
} from './alert-support'
import { parsed, type Service, startService } from './harness'
import { addPerson, somePartyId } from './person-browser'

/** The alert's subject, as the bell links to it. */
const subjectOf = (alert: { links?: Record<string, unknown> | null }) =>
  String(alert.links?.subject ?? '')
    .split('/')
    .pop()

const HOLD = [{ name: 'customs', status: 'hold' as const, description: null }]

async function personKey(service: Service, role: Role, partyId?: string, timeZone = 'UTC') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`
  const userId = await addPerson(service, role, email, partyId)
  await service.storage.db.update(users).set({ time_zone: timeZone }).where(eq(users.id, userId))
  const key = `qsk_alerts_${randomUUID()}`
  await service.storage.personalKeys.create(await accountIdOf(service), { userId, name: 'alerts', role }, key)
  return { userId, key, email }
}

describe.each(DATABASE_KINDS)('alert rules and alerts over the API, on %s', (kind) => {
  let service: Service
  const evaluate = () => evaluateAlerts(service.storage, service.clock.now())
  const post = (body: unknown, key?: string) =>
    service.call('POST', '/v2/alert_rules', { key, body: JSON.stringify(body) })
  /** The index-th container, with a hold and a hold_appeared rule on its own tag. */
  const heldWithRule = async (index: number, rule: Partial<Parameters<typeof createRule>[1]> = {}) => {
    const target = await taggedContainer(service, index)
    await arrange(service, target, { ...neutral(service.clock.now()), holds_at_pod_terminal: HOLD })
    const scope = { kind: 'tag', tag: target.tag } as const
    const ruleId = await createRule(service, { condition: { kind: 'hold_appeared' }, scope, ...rule })
    return { target, ruleId }
  }
  const deliveriesAbout = async (ruleId: string, subjectId: string) =>
    deliveriesOf(
      service,
      ruleId,
      (await alertsOf(service, ruleId, subjectId)).map((row) => row.id),
    )

  beforeAll(async () => {
    service = await startService(kind, { shipments: 40 })
  })
  afterAll(() => service.stop())

  it.each([
    ['a missing parameter', { condition: { kind: 'lfd_within' } }, '/data/attributes/condition/days'],
    [
      'an out-of-bounds parameter',
      { condition: { kind: 'eta_slipped', hours: 0 } },
      '/data/attributes/condition/hours',
    ],
    [
      'an unknown customer',
      { scope: { kind: 'customer', party_id: randomUUID() } },
      '/data/attributes/scope/party_id',
    ],
    [
      'an unknown terminal',
      { scope: { kind: 'terminal', terminal_id: randomUUID() } },
      '/data/attributes/scope/terminal_id',
    ],
    [
      'an unknown field',
      { scope: { kind: 'custom_field', field_name: 'nope', field_value: 'x' } },
      '/data/attributes/scope/field_name',
    ],
    [
      'a recipient not of the account',
      { recipient_user_ids: [randomUUID()] },
      '/data/attributes/recipient_user_ids/0',
    ],
    ['chat without a URL', { channels: ['chat'] }, '/data/attributes/chat_webhook_url'],
    [
      'a chat URL to a private address',
      { channels: ['chat'], chat_webhook_url: 'http://10.0.0.5/hook' },
      '/data/attributes/chat_webhook_url',
    ],
    [
      'a chat URL to loopback',
      { channels: ['chat'], chat_webhook_url: 'http://127.0.0.1:9/hook' },
      '/data/attributes/chat_webhook_url',
    ],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, '/data/attributes/time_zone'],
  ])('refuses %s with 422 and a pointer', async (_what, attributes, pointer) => {
    const response = await post(ruleBody({ condition: { kind: 'hold_appeared' }, ...attributes } as never))
    expect(response.status).toBe(422)
    expect(response.body.errors[0].source.pointer).toBe(pointer)
  })

  it('keeps a chat URL secret: rendered only as a hint, never in the audit trail', async () => {
    const url = `https://hooks.slack.com/services/T000/B000/${randomUUID().replace(/-/g, '')}`
    const response = await post(
      ruleBody({ condition: { kind: 'hold_appeared' }, channels: ['chat'], chat_webhook_url: url }),
    )
    expect(response.status).toBe(201)
    const rule = parsed(AlertRuleDocumentSchema, response.body).data
    expect(rule.attributes.chat_webhook_hint).toBe(`hooks.slack.com …${url.slice(-4)}`)
    expect(JSON.stringify(response.body)).not.toContain(url)
    const audit = await service.get(`/v2/audit_events?page[size]=5`)
    expect(JSON.stringify(audit.body)).toContain('alert_rule.created')
    expect(JSON.stringify(audit.body)).not.toContain(url)
    const { rows } = await service.storage.db.execute<{ sealed: string }>(
      sql`select chat_webhook_url_sealed as sealed from alert_rules where id = ${rule.id}`,
    )
    expect(rows[0].sealed).not.toContain('hooks.slack.com')
  })

  it('refuses a customer and a viewer writing rules; a viewer reads them; the creator is the default recipient', async () => {
    const customer = await personKey(service, 'customer', await somePartyId(service))
    const viewer = await personKey(service, 'viewer')
    const operator = await personKey(service, 'operator')
    expect((await service.get('/v2/alert_rules', customer.key)).body.errors[0].code).toBe('role_forbidden')
    expect((await post(ruleBody({ condition: { kind: 'hold_appeared' } }), viewer.key)).status).toBe(403)
    expect((await service.get('/v2/alert_rules', viewer.key)).status).toBe(200)
    const id = await createRule(service, { condition: { kind: 'hold_appeared' } }, operator.key)
    const rule = parsed(
      AlertRuleDocumentSchema,
      (await service.get(`/v2/alert_rules/${id}`, viewer.key)).body,
    ).data
    expect(rule.attributes.recipient_user_ids).toEqual([operator.userId])
    const patched = await service.call('PATCH', `/v2/alert_rules/${id}`, {
      key: operator.key,
      body: JSON.stringify({ data: { type: 'alert_rule', attributes: { enabled: false } } }),
    })
    expect(patched.body.data.attributes.enabled).toBe(false)
    expect((await service.call('DELETE', `/v2/alert_rules/${id}`, { key: operator.key })).status).toBe(204)
    expect((await service.get(`/v2/alert_rules/${id}`)).status).toBe(404)
  })

  it('previews how often a rule would have fired in the last 7 days, from history', async () => {
    const target = await taggedContainer(service, 30)
    const now = service.clock.now()
    await arrange(service, target, {
      ...neutral(now),
      pod_arrived_at: new Date(now.getTime() - 2 * 86_400_000),
    })
    const response = await service.call('POST', '/v2/alert_rules/preview', {
      body: JSON.stringify(
        ruleBody({ condition: { kind: 'vessel_arrived' }, scope: { kind: 'tag', tag: target.tag } }),
      ),
    })
    const meta = parsed(AlertRulePreviewSchema, response.body).meta
    expect(meta.days).toBe(7)
    expect(meta.would_have_fired).toBeGreaterThanOrEqual(1)
    expect(meta.examples?.map((example) => example.subject_label)).toContain(target.number)
  })

  it('narrows by customer, terminal and custom field', async () => {
    const mine = await taggedContainer(service, 31)
    const other = await taggedContainer(service, 34)
    const { rows } = await service.storage.db.execute<{ party: string; terminal: string }>(
      sql`select (select id from parties where account_id = ${mine.accountId} order by id limit 1) as party,
                 (select id from terminals order by id limit 1) as terminal`,
    )
    const { party, terminal } = rows[0]
    const otherTerminal = (
      await service.storage.db.execute<{ id: string }>(
        sql`select id from terminals where id <> ${terminal} limit 1`,
      )
    ).rows[0].id
    await service.storage.db.execute(
      sql`update shipments set customer_id = ${party} where id = ${mine.shipment_id}`,
    )
    await service.storage.db.execute(
      sql`update shipments set customer_id = null where id = ${other.shipment_id}`,
    )
    for (const target of [mine, other])
      await arrange(service, target, {
        ...neutral(service.clock.now()),
        holds_at_pod_terminal: HOLD,
        pod_terminal_id: target === mine ? terminal : otherTerminal,
      })
    const definition = await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify({
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Container',
            api_slug: `desk_${randomUUID().slice(0, 6)}`,
            display_name: 'Desk',
            data_type: 'short_text',
          },
        },
      }),
    })
    expect(definition.body.errors).toBeUndefined()
    const slug = definition.body.data.attributes.api_slug as string
    const set = await service.call('POST', `/v2/containers/${mine.id}/custom_fields`, {
      body: JSON.stringify({
        data: { type: 'custom_field', attributes: { api_slug: slug, value: 'imports-east' } },
      }),
    })
    expect(set.status).toBe(201)
    const scopes = [
      { kind: 'customer', party_id: party },
      { kind: 'terminal', terminal_id: terminal },
      { kind: 'custom_field', field_name: slug, field_value: 'imports-east' },
    ] as const
    const rules = []
    for (const scope of scopes)
      rules.push(await createRule(service, { condition: { kind: 'hold_appeared' }, scope }))
    await evaluate()
    for (const ruleId of rules) {
      const subjects = (await alertsOf(service, ruleId)).map((alert) => alert.subject_id)
      expect(subjects).toContain(mine.id)
      expect(subjects).not.toContain(other.id)
    }
  })

  it('writes the outbox with the alert: due after the group wait, out of mute times, digests at local time, none unsubscribed', async () => {
    const target = await taggedContainer(service, 36)
    const tokyo = await personKey(service, 'operator', undefined, 'Asia/Tokyo')
    const now = service.clock.now()
    await arrange(service, target, { ...neutral(now), holds_at_pod_terminal: HOLD })
    // every day muted but for the next quarter of an hour, on the rule's clock
    const muted = await createRule(service, {
      condition: { kind: 'hold_appeared' },
      scope: { kind: 'tag', tag: target.tag },
      recipient_emails: ['Ops@Example.com', 'gone@example.com'],
      group_wait_seconds: 30,
      mute_times: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '12:00', to: '12:15' }],
    })
    const digest = await createRule(service, {
      condition: { kind: 'hold_appeared' },
      scope: { kind: 'tag', tag: target.tag },
      recipient_user_ids: [tokyo.userId],
      recipient_emails: ['desk@example.com'],
      delivery: 'digest',
      digest_time: '08:00',
      time_zone: 'America/Chicago',
    })
    await service.storage.db.execute(
      sql`insert into alert_unsubscribes (rule_id, recipient) values (${muted}, 'gone@example.com')`,
    )
    await evaluate()
    const [alert] = await alertsOf(service, muted, target.id)
    // NOW is 12:00Z: the group wait lands in the mute window, so it waits for 12:15
    expect(await deliveriesOf(service, muted, [alert.id])).toEqual([
      {
        alert_id: alert.id,
        channel: 'email',
        recipient: 'ops@example.com',
        due_at: '2026-11-22T12:15:00.000Z',
        mode: 'immediate',
      },
    ])
    const digests = await deliveriesOf(
      service,
      digest,
      (await alertsOf(service, digest, target.id)).map((row) => row.id),
    )
    // 08:00 in Tokyo is 23:00Z; a plain address gets it at 08:00 on the rule's clock, Chicago's (06:00 there now, so 14:00Z)
    expect(digests.map((row) => [row.recipient, row.due_at])).toEqual([
      ['desk@example.com', '2026-11-22T14:00:00.000Z'],
      [tokyo.email, '2026-11-22T23:00:00.000Z'],
    ])
    const inbox = await service.get('/v2/alerts', tokyo.key)
    const listed = parsed(AlertListDocumentSchema, inbox.body)
    expect(listed.data.map((row) => row.attributes.title)).toEqual([expect.stringContaining(target.number)])
    expect(inbox.body.meta.unread_count).toBe(1)
  })

  it('fires whole or not at all: a failure after the rows are written leaves nothing, and the next tick fires it', async () => {
    const { target, ruleId } = await heldWithRule(37, { recipient_emails: ['ops@example.com'] })
    const failing = {
      afterFire: async () => {
        throw new Error('crash after the outbox rows')
      },
    }
    const report = await evaluateAlerts(service.storage, service.clock.now(), failing, () => {})
    expect(report.fired).toBe(0)
    expect(await alertsOf(service, ruleId, target.id)).toHaveLength(0)
    expect(await deliveriesAbout(ruleId, target.id)).toHaveLength(0)
    const { rows } = await service.storage.db.execute(
      sql`select 1 from alert_states where rule_id = ${ruleId} and active`,
    )
    expect(rows).toHaveLength(0)
    await evaluate()
    expect(await alertsOf(service, ruleId, target.id)).toHaveLength(1)
    expect(await deliveriesAbout(ruleId, target.id)).toHaveLength(1)
  })

  it('fires once when two evaluators run at the same moment', async () => {
    const { target, ruleId } = await heldWithRule(38, { recipient_emails: ['ops@example.com'] })
    await Promise.all([evaluate(), evaluate(), evaluate()])
    expect(await alertsOf(service, ruleId, target.id)).toHaveLength(1)
    expect(await deliveriesAbout(ruleId, target.id)).toHaveLength(1)
  })

  it("shows a customer only their own party's alerts, and marks read", async () => {
    const party = await somePartyId(service)
    const customer = await personKey(service, 'customer', party)
    const operator = await personKey(service, 'operator')
    const theirs = await taggedContainer(service, 39)
    const others = await taggedContainer(service, 33)
    await service.storage.db.execute(
      sql`update shipments set customer_id = ${party} where id = ${theirs.shipment_id}`,
    )
    await service.storage.db.execute(
      sql`update shipments set customer_id = null where id = ${others.shipment_id}`,
    )
    await service.storage.db.execute(
      sql`update shipments set tags = ${JSON.stringify([theirs.tag])}::jsonb where id = ${others.shipment_id}`,
    )
    for (const target of [theirs, others])
      await arrange(service, target, { ...neutral(service.clock.now()), holds_at_pod_terminal: HOLD })
    await createRule(service, {
      condition: { kind: 'hold_appeared' },
      scope: { kind: 'tag', tag: theirs.tag },
      channels: ['in_app'],
      recipient_user_ids: [customer.userId, operator.userId],
    })
    await evaluate()
    const mine = parsed(AlertListDocumentSchema, (await service.get('/v2/alerts', customer.key)).body)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((alert) => alert.attributes.customer_name !== null)).toBe(true)
    const subjects = mine.data.map((alert) => subjectOf(alert))
    expect(subjects).toContain(theirs.id)
    expect(subjects).not.toContain(others.id)
    const all = parsed(AlertListDocumentSchema, (await service.get('/v2/alerts', operator.key)).body)
    expect(all.data.length).toBeGreaterThan(mine.data.length)
    const read = await service.call('POST', `/v2/alerts/${mine.data[0].id}/read`, { key: customer.key })
    expect(read.status).toBe(200)
    const unread = await service.get('/v2/alerts?filter[unread]=true', customer.key)
    expect(unread.body.data).toHaveLength(mine.data.length - 1)
    // the bell shows the reader's own read mark, and a rooted link to the subject
    const after = parsed(AlertListDocumentSchema, (await service.get('/v2/alerts', customer.key)).body)
    const marks = after.data.map((alert) => [alert.id === mine.data[0].id, alert.attributes.read_at !== null])
    expect(marks.every(([marked, read]) => marked === read)).toBe(true)
    expect(after.data[0].links?.subject).toMatch(/^\/v2\/containers\/[0-9a-f-]{36}$/)
    // another party's alert is not theirs to mark
    const foreign = all.data.find((alert) => !subjects.includes(subjectOf(alert)))
    expect((await service.call('POST', `/v2/alerts/${foreign!.id}/read`, { key: customer.key })).status).toBe(
      404,
    )
    await service.call('POST', '/v2/alerts/read_all', { key: operator.key })
    expect((await service.get('/v2/alerts', operator.key)).body.meta.unread_count).toBe(0)
  })

  it('runs at each engine tick', async () => {
    const { target, ruleId } = await heldWithRule(35)
    const report = await service.engine({ newId: randomUUID }).tick()
    expect(report.alertsFired).toBeGreaterThanOrEqual(1)
    expect((await alertsOf(service, ruleId)).map((alert) => alert.subject_id)).toContain(target.id)
  })

  it("puts alert.fired in the account's webhook outbox, in the firing's transaction, with the container", async () => {
    const { target, ruleId } = await heldWithRule(32, { channels: ['webhook'] })
    const hook = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: { url: 'https://93.184.216.34/alerts', events: ['alert.fired'] },
        },
      }),
    })
    expect(hook.status).toBe(201)
    await service.engine({ newId: randomUUID }).tick()
    const [alert] = await alertsOf(service, ruleId, target.id)
    const { rows } = await service.storage.db.execute<{ payload: string }>(
      sql`select payload from webhook_notifications where event = 'alert.fired' and webhook_id = ${hook.body.data.id}`,
    )
    const payloads = rows.map((row) => JSON.parse(row.payload))
    const mine = payloads.find((payload) => payload.data.relationships.reference_object.data.id === alert.id)
    expect(mine.data.attributes.event).toBe('alert.fired')
    const included = mine.included as { type: string; id: string; attributes: Record<string, unknown> }[]
    expect(included.find((resource) => resource.type === 'alert')?.attributes.title).toBe(alert.title)
    expect(included.find((resource) => resource.type === 'container')?.id).toBe(target.id)
  })
})
