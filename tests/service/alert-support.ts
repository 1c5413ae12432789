import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { AlertRuleInput } from '../../src/contract/alerts'
import { containers, shipments } from '../../src/server/storage/schema'
import { KEY, type Service } from './harness'

const DAY = 86_400_000

export const ruleBody = (attributes: Partial<AlertRuleInput> & Pick<AlertRuleInput, 'condition'>) => ({
  data: {
    type: 'alert_rule',
    attributes: {
      name: `Rule ${attributes.condition.kind}`,
      scope: { kind: 'all' },
      channels: ['in_app', 'email'],
      group_wait_seconds: 0,
      ...attributes,
    },
  },
})

export async function createRule(service: Service, attributes: Parameters<typeof ruleBody>[0], key = KEY) {
  const response = await service.call('POST', '/v2/alert_rules', {
    key,
    body: JSON.stringify(ruleBody(attributes)),
  })
  if (response.status !== 201) throw new Error(`rule not made: ${JSON.stringify(response.body)}`)
  return response.body.data.id as string
}

export const accountIdOf = async (service: Service) =>
  (await service.storage.apiKeys.authenticate(KEY))!.accountId

/** A demo container and its shipment, tagged with a tag of their own so a rule can be held to them alone. */
export async function taggedContainer(service: Service, index: number) {
  const accountId = await accountIdOf(service)
  const { rows } = await service.storage.db.execute<{ id: string; shipment_id: string; number: string }>(
    sql`select c.id, c.shipment_id, c.number from containers c where c.account_id = ${accountId}
        order by c.created_at, c.id offset ${index} limit 1`,
  )
  const tag = `alerts-${randomUUID().slice(0, 8)}`
  await service.storage.db
    .update(shipments)
    .set({ tags: [tag] })
    .where(eq(shipments.id, rows[0].shipment_id))
  return { ...rows[0], tag, accountId }
}

type ContainerColumns = Partial<typeof containers.$inferInsert>
type ShipmentColumns = Partial<typeof shipments.$inferInsert>

/** Discharged a day ago, not picked up, no holds, no last free day: a neutral start each condition moves from. */
export function neutral(now: Date): ContainerColumns {
  return {
    pod_arrived_at: new Date(now.getTime() - 2 * DAY),
    pod_discharged_at: new Date(now.getTime() - DAY),
    pod_full_out_at: null,
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    holds_at_pod_terminal: [],
    available_for_pickup: false,
    pickup_lfd: null,
    pickup_lfd_source: 'person',
    pickup_lfd_checked_at: now,
    import_deadlines: null,
    terminal_checked_at: now,
    current_status: 'grounded',
  }
}

export async function arrange(
  service: Service,
  target: { id: string; shipment_id: string },
  container: ContainerColumns,
  shipment: ShipmentColumns = {},
) {
  if (Object.keys(container).length > 0)
    await service.storage.db.update(containers).set(container).where(eq(containers.id, target.id))
  if (Object.keys(shipment).length > 0)
    await service.storage.db.update(shipments).set(shipment).where(eq(shipments.id, target.shipment_id))
}

/** A rule's alerts; about one subject only when given (a shipment's other containers share its tag). */
export async function alertsOf(service: Service, ruleId: string, subjectId?: string) {
  const { rows } = await service.storage.db.execute<{
    id: string
    subject_id: string
    title: string
    body: string
  }>(sql`select id, subject_id, title, body from alerts where rule_id = ${ruleId} order by fired_at, id`)
  return rows.filter((row) => !subjectId || row.subject_id === subjectId)
}

export async function deliveriesOf(service: Service, ruleId: string, alertIds?: string[]) {
  const { rows } = await service.storage.db.execute<{
    alert_id: string
    channel: string
    recipient: string
    due_at: Date | string
    mode: string
  }>(
    sql`select alert_id, channel, recipient, due_at, mode from alert_deliveries where rule_id = ${ruleId} order by recipient`,
  )
  return rows
    .filter((row) => !alertIds || alertIds.includes(row.alert_id))
    .map((row) => ({ ...row, due_at: new Date(row.due_at).toISOString() }))
}
