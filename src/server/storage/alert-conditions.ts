import { type SQL, sql } from 'drizzle-orm'
import { tabCondition } from './container-board-store'
import type { AlertConditionRow, AlertScopeRow } from './schema'
import { containers as c, shipments as s } from './schema'

export type RuleFacts = {
  id: string
  account_id: string
  condition: AlertConditionRow
  scope: AlertScopeRow
  created_at: Date
}

/** Happens once to a subject: fires once, never clears, never repeats, and never for what was before the rule. */
export const EVENT_KINDS = new Set([
  'vessel_arrived',
  'container_discharged',
  'document_arrived',
  'document_unreadable',
  'tracking_failed',
])

const HOUR = 3_600_000
const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`
const notDone = sql`${c.pod_full_out_at} is null and ${c.final_destination_full_out_at} is null and ${c.empty_terminated_at} is null`
const pickedUp = sql`(${c.pod_full_out_at} is not null or ${c.final_destination_full_out_at} is not null)`
/** The contract's `empty_return_deadline`, set by the pickup's trigger (migration 0035). */
export const EMPTY_RETURN_DEADLINE = sql`${c.empty_return_deadline}`
const notArrived = sql`${c.pod_arrived_at} is null and ${s.pod_ata_at} is null`
export const lastNews = sql`greatest(${s.line_tracking_last_succeeded_at}, ${c.terminal_checked_at}, ${c.pickup_lfd_checked_at}, ${c.upstream_checked_at})`

const fieldMatches = (entity: SQL, kind: 'Shipment' | 'Cargo', scope: AlertScopeRow) =>
  sql`exists (select 1 from custom_field_values v where v.entity_id = ${entity} and v.entity_type = ${kind}
    and v.api_slug = ${scope.field_name ?? ''} and (v.value #>> '{}' = ${scope.field_value ?? ''} or v.display_value = ${scope.field_value ?? ''}))`

/** A container's scope, read on its shipment and itself. */
export function containerScope(scope: AlertScopeRow): SQL {
  switch (scope.kind) {
    case 'customer':
      return sql`${s.customer_id} = ${scope.party_id ?? null}::uuid`
    case 'terminal':
      return sql`${c.pod_terminal_id} = ${scope.terminal_id ?? null}::uuid`
    case 'tag':
      return sql`${s.tags} @> ${JSON.stringify([scope.tag ?? ''])}::jsonb`
    case 'custom_field':
      return sql`(${fieldMatches(sql`${s.id}`, 'Shipment', scope)} or ${fieldMatches(sql`${c.id}`, 'Cargo', scope)})`
    default:
      return sql`true`
  }
}

/** True now for a container, in SQL: the board's own tab conditions where the catalogue matches one. */
function containerCondition(rule: RuleFacts, now: Date): SQL {
  const { kind, days = 0, hours = 0 } = rule.condition
  const since = stamp(rule.created_at)
  switch (kind) {
    case 'lfd_within':
      return tabCondition('lfd_soon', now, days)
    case 'overdue_accruing':
      return tabCondition('overdue', now, 0)
    case 'hold_appeared':
      return tabCondition('on_hold', now, 0)
    case 'holds_cleared':
      return tabCondition('available', now, 0)
    case 'eta_slipped':
      return sql`${notArrived} and st.baseline->>'eta' is not null and ${s.pod_eta_at} > (st.baseline->>'eta')::timestamptz + ${`${hours} hours`}::interval`
    case 'vessel_arrived':
      return sql`${c.pod_arrived_at} >= ${since}`
    case 'container_discharged':
      return sql`${c.pod_discharged_at} >= ${since}`
    case 'empty_not_returned':
      return sql`${pickedUp} and ${c.empty_terminated_at} is null and ${EMPTY_RETURN_DEADLINE} < ${stamp(now)}`
    default:
      // data_stale: nothing from the line or the terminal for N hours, while it still moves
      return sql`${notDone} and ${s.line_tracking_stopped_at} is null and coalesce(${lastNews}, ${c.created_at}) < ${stamp(new Date(now.getTime() - hours * HOUR))}`
  }
}

const stateJoin = (rule: RuleFacts, subject: SQL) =>
  sql`left join alert_states st on st.rule_id = ${rule.id}::uuid and st.subject_id = ${subject}::text`

/** Subjects for which the rule's condition holds now; event kinds only those it has not yet fired for. */
export function candidatesStatement(rule: RuleFacts, now: Date): SQL {
  const unseen = EVENT_KINDS.has(rule.condition.kind) ? sql`and st.subject_id is null` : sql``
  const kind = rule.condition.kind
  if (kind === 'document_arrived' || kind === 'document_unreadable') {
    const happened =
      kind === 'document_arrived'
        ? sql`d.created_at >= ${stamp(rule.created_at)}`
        : sql`d.extraction_status = 'failed' and d.updated_at >= ${stamp(rule.created_at)}`
    return sql`select d.id::text as subject_id, null::uuid as container_id, ${s.id} as shipment_id, ${s.customer_id} as party_id
      from documents d
      left join lateral (select l.entity_id from document_links l where l.document_id = d.id and l.entity_type = 'shipment' limit 1) link on true
      left join ${s} on ${s.id} = link.entity_id
      left join ${c} on false
      ${stateJoin(rule, sql`d.id`)}
      where d.account_id = ${rule.account_id}::uuid and not d.discarded and ${happened} ${unseen}
        and ${rule.scope.kind === 'all' ? sql`true` : sql`${s.id} is not null and ${containerScope(rule.scope)}`}`
  }
  if (kind === 'tracking_failed')
    return sql`select tr.id::text as subject_id, null::uuid as container_id, ${s.id} as shipment_id, coalesce(${s.customer_id}, tr.customer_id) as party_id
      from tracking_requests tr
      left join ${s} on ${s.id} = tr.shipment_id
      left join ${c} on false
      ${stateJoin(rule, sql`tr.id`)}
      where tr.account_id = ${rule.account_id}::uuid and tr.status = 'failed' and tr.updated_at >= ${stamp(rule.created_at)} ${unseen}
        and ${trackingScope(rule.scope)}`
  return sql`select ${c.id}::text as subject_id, ${c.id} as container_id, ${s.id} as shipment_id, ${s.customer_id} as party_id
    from ${c} inner join ${s} on ${s.id} = ${c.shipment_id}
    ${stateJoin(rule, sql`${c.id}`)}
    where ${c.account_id} = ${rule.account_id}::uuid and ${s.account_id} = ${rule.account_id}::uuid
      and ${containerCondition(rule, now)} and ${containerScope(rule.scope)} ${unseen}`
}

/** A failed request may have no shipment: its own customer and tags stand in. */
export function trackingScope(scope: AlertScopeRow): SQL {
  if (scope.kind === 'customer')
    return sql`coalesce(${s.customer_id}, tr.customer_id) = ${scope.party_id ?? null}::uuid`
  if (scope.kind === 'tag')
    return sql`(tr.shipment_tags @> ${JSON.stringify([scope.tag ?? ''])}::jsonb or coalesce(${s.tags} @> ${JSON.stringify([scope.tag ?? ''])}::jsonb, false))`
  if (scope.kind === 'all') return sql`true`
  return sql`${s.id} is not null and ${containerScope(scope)}`
}

/** eta_slipped measures from the first ETA the rule saw, or the ETA when it last cleared. */
export function etaBaselinesStatement(rule: RuleFacts, now: Date): SQL {
  return sql`insert into alert_states (rule_id, subject_id, active, baseline, since)
    select ${rule.id}::uuid, ${c.id}::text, false, jsonb_build_object('eta', ${s.pod_eta_at}), ${stamp(now)}
    from ${c} inner join ${s} on ${s.id} = ${c.shipment_id}
    ${stateJoin(rule, sql`${c.id}`)}
    where ${c.account_id} = ${rule.account_id}::uuid and ${s.account_id} = ${rule.account_id}::uuid
      and ${notArrived} and ${s.pod_eta_at} is not null and st.baseline is null and ${containerScope(rule.scope)}
    on conflict (rule_id, subject_id) do update set baseline = excluded.baseline where alert_states.baseline is null`
}
