import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'

export type ShownAlert = {
  id: string
  rule_id: string
  rule_name: string | null
  condition_kind: string
  subject_type: string
  subject_id: string
  container_id: string | null
  shipment_id: string | null
  party_id: string | null
  fired_at: Date
  title: string
  body: string | null
  detail: Record<string, unknown>
  container_number: string | null
  bill_of_lading_number: string | null
  customer_name: string | null
  /** The port's, so the alert's time reads as the port's. */
  time_zone: string | null
  read_at: Date | null
}

export type AlertListQuery = { unread?: boolean; partyId?: string; size: number; offset: number }

const SHOWN = sql`a.id, a.rule_id, r.name as rule_name, a.condition_kind, a.subject_type, a.subject_id, a.container_id,
  a.shipment_id, a.party_id, a.fired_at, a.title, a.body, a.detail, ct.number as container_number,
  sh.bill_of_lading_number, sh.customer_name, ct.pod_timezone as time_zone`
const JOINS = sql`join alert_rules r on r.id = a.rule_id
  left join containers ct on ct.id = a.container_id
  left join shipments sh on sh.id = a.shipment_id`

const timeOf = (row: ShownAlert) => ({
  ...row,
  fired_at: new Date(row.fired_at),
  read_at: row.read_at ? new Date(row.read_at) : null,
})

const partyClause = (partyId?: string) => (partyId ? sql`and a.party_id = ${partyId}::uuid` : sql``)

export const createAlertReads = (db: Executor) => {
  const page = async (where: SQL, from: SQL, query: AlertListQuery, readAt: SQL) => {
    const rows = await db.execute<ShownAlert>(sql`select ${SHOWN}, ${readAt} as read_at ${from} ${JOINS}
      where ${where} order by a.fired_at desc, a.id desc limit ${query.size} offset ${query.offset}`)
    const [{ total }] = (
      await db.execute<{ total: number }>(sql`select count(*)::int as total ${from} where ${where}`)
    ).rows
    return { rows: rows.rows.map(timeOf), total: Number(total) }
  }
  return {
    /** A person's bell: their own copies, newest first. */
    inbox: (accountId: string, userId: string, query: AlertListQuery) =>
      page(
        sql`i.user_id = ${userId}::uuid and a.account_id = ${accountId}::uuid ${query.unread ? sql`and i.read_at is null` : sql``} ${partyClause(query.partyId)}`,
        sql`from alert_inbox i join alerts a on a.id = i.alert_id`,
        query,
        sql`i.read_at`,
      ),
    /** An account key has no bell of its own: every alert of the account, none read. */
    ofAccount: (accountId: string, query: AlertListQuery) =>
      page(sql`a.account_id = ${accountId}::uuid`, sql`from alerts a`, query, sql`null::timestamptz`),
    async unreadCount(accountId: string, userId: string, partyId?: string) {
      const [{ total }] = (
        await db.execute<{
          total: number
        }>(sql`select count(*)::int as total from alert_inbox i join alerts a on a.id = i.alert_id
          where i.user_id = ${userId}::uuid and a.account_id = ${accountId}::uuid and i.read_at is null ${partyClause(partyId)}`)
      ).rows
      return Number(total)
    },
    /** False when the person has no such alert (or not one of their party's). */
    async markRead(accountId: string, userId: string, alertId: string, at: Date, partyId?: string) {
      const rows = await db.execute<{
        alert_id: string
      }>(sql`update alert_inbox i set read_at = coalesce(i.read_at, ${at.toISOString()}::timestamptz)
        from alerts a where a.id = i.alert_id and i.alert_id = ${alertId}::uuid and i.user_id = ${userId}::uuid
          and a.account_id = ${accountId}::uuid ${partyClause(partyId)}
        returning i.alert_id`)
      return rows.rows.length > 0
    },
    async markAllRead(accountId: string, userId: string, at: Date, partyId?: string) {
      const rows = await db.execute<{
        alert_id: string
      }>(sql`update alert_inbox i set read_at = ${at.toISOString()}::timestamptz
        from alerts a where a.id = i.alert_id and i.user_id = ${userId}::uuid and i.read_at is null
          and a.account_id = ${accountId}::uuid ${partyClause(partyId)}
        returning i.alert_id`)
      return rows.rows.length
    },
    async byIds(accountId: string, ids: string[]) {
      if (ids.length === 0) return []
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
      const rows =
        await db.execute<ShownAlert>(sql`select ${SHOWN}, null::timestamptz as read_at from alerts a ${JOINS}
        where a.id in (${list}) and a.account_id = ${accountId}::uuid`)
      return rows.rows.map(timeOf)
    },
  }
}
