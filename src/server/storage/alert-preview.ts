import { type SQL, sql } from 'drizzle-orm'
import { containerScope, EMPTY_RETURN_DEADLINE, lastNews, trackingScope } from './alert-conditions'
import type { Executor } from './database'
import type { AlertConditionRow, AlertScopeRow } from './schema'
import { containers as c, shipments as s } from './schema'

type PreviewRule = { account_id: string; condition: AlertConditionRow; scope: AlertScopeRow }

const DAY = 86_400_000

/** The moment a container's condition became true, as far as its history tells; null when it never did. */
function containerCrossing(condition: AlertConditionRow): SQL {
  const { kind, days = 0, hours = 0 } = condition
  const eventAt = (event: string) =>
    sql`(select max(e.timestamp) from transport_events e where e.container_id = ${c.id} and e.event = ${event})`
  const notPickedUpBy = (at: SQL) =>
    sql`case when coalesce(${c.pod_full_out_at}, ${c.final_destination_full_out_at}) is null or coalesce(${c.pod_full_out_at}, ${c.final_destination_full_out_at}) > ${at} then ${at} end`
  switch (kind) {
    case 'lfd_within':
      return notPickedUpBy(
        sql`greatest(${c.pod_discharged_at}, ${c.pickup_lfd} - ${`${days} days`}::interval - interval '1 day')`,
      )
    case 'overdue_accruing':
      return sql`case when ${c.pod_discharged_at} is not null then ${notPickedUpBy(sql`(${c.pickup_lfd} + interval '1 day')`)} end`
    case 'hold_appeared':
      // holds keep no history: a container on hold now counts from its discharge
      return sql`case when jsonb_array_length(${c.holds_at_pod_terminal}) > 0 then ${c.pod_discharged_at} end`
    case 'holds_cleared':
      return eventAt('container.transport.available')
    case 'eta_slipped':
      return sql`case when ${s.pod_eta_at} - ${s.pod_original_eta_at} > ${`${hours} hours`}::interval then ${s.updated_at} end`
    case 'vessel_arrived':
      return sql`${c.pod_arrived_at}`
    case 'container_discharged':
      return sql`${c.pod_discharged_at}`
    case 'empty_not_returned':
      return sql`case when ${c.empty_terminated_at} is null then ${EMPTY_RETURN_DEADLINE} end`
    default:
      return sql`case when ${c.empty_terminated_at} is null and ${c.pod_full_out_at} is null then coalesce(${lastNews}, ${c.created_at}) + ${`${hours} hours`}::interval end`
  }
}

function crossingsStatement(rule: PreviewRule, from: Date, to: Date): SQL {
  const window = (at: SQL) =>
    sql`${at} >= ${from.toISOString()}::timestamptz and ${at} <= ${to.toISOString()}::timestamptz`
  const kind = rule.condition.kind
  if (kind === 'document_arrived' || kind === 'document_unreadable') {
    const at =
      kind === 'document_arrived'
        ? sql`d.created_at`
        : sql`case when d.extraction_status = 'failed' then d.updated_at end`
    return sql`select d.name as subject_label, ${at} as fired_at from documents d
      left join lateral (select l.entity_id from document_links l where l.document_id = d.id and l.entity_type = 'shipment' limit 1) link on true
      left join ${s} on ${s.id} = link.entity_id left join ${c} on false
      where d.account_id = ${rule.account_id}::uuid and not d.discarded and ${window(at)}
        and ${rule.scope.kind === 'all' ? sql`true` : sql`${s.id} is not null and ${containerScope(rule.scope)}`}`
  }
  if (kind === 'tracking_failed')
    return sql`select tr.request_number as subject_label, tr.updated_at as fired_at from tracking_requests tr
      left join ${s} on ${s.id} = tr.shipment_id left join ${c} on false
      where tr.account_id = ${rule.account_id}::uuid and tr.status = 'failed' and ${window(sql`tr.updated_at`)} and ${trackingScope(rule.scope)}`
  const at = containerCrossing(rule.condition)
  return sql`select ${c.number} as subject_label, ${at} as fired_at from ${c} inner join ${s} on ${s.id} = ${c.shipment_id}
    where ${c.account_id} = ${rule.account_id}::uuid and ${s.account_id} = ${rule.account_id}::uuid
      and ${containerScope(rule.scope)} and ${window(at)}`
}

export const createAlertPreview = (db: Executor) => ({
  /** From history: each subject's crossing in the last `days`, counted once. */
  async wouldHaveFired(rule: PreviewRule, now: Date, days: number) {
    const from = new Date(now.getTime() - days * DAY)
    const crossings = crossingsStatement(rule, from, now)
    const [{ total }] = (
      await db.execute<{ total: number }>(sql`select count(*)::int as total from (${crossings}) x`)
    ).rows
    const examples = await db.execute<{ subject_label: string; fired_at: Date | string }>(
      sql`select subject_label, fired_at from (${crossings}) x order by fired_at desc limit 5`,
    )
    return {
      would_have_fired: Number(total),
      examples: examples.rows.map((row) => ({
        subject_label: row.subject_label,
        fired_at: new Date(row.fired_at).toISOString(),
      })),
    }
  },
})
