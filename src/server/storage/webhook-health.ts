import { sql } from 'drizzle-orm'
import type { Executor } from './database'

type HealthRow = {
  webhook_id: string
  attempts: number | string
  succeeded: number | string
  pending: number | string
  retrying: number | string
  last_failure_at: Date | string | null
  last_failure_reason: string | null
  last_failure_status_code: number | string | null
}

export async function webhookHealth(db: Executor, accountId: string, since: Date) {
  const result = await db.execute<HealthRow>(sql`
      select w.id as webhook_id,
        coalesce(d.attempts, 0) as attempts,
        coalesce(d.succeeded, 0) as succeeded,
        (select count(*) from webhook_notifications p
          where p.webhook_id = w.id and p.delivery_status = 'pending' and p.attempts = 0) as pending,
        (select count(*) from webhook_notifications p
          where p.webhook_id = w.id and p.delivery_status = 'pending' and p.attempts > 0) as retrying,
        f.attempted_at as last_failure_at,
        f.error as last_failure_reason,
        f.status_code as last_failure_status_code
      from webhooks w
      left join lateral (
        select count(*) as attempts, count(*) filter (where a.error is null) as succeeded
        from webhook_notifications n
        join webhook_delivery_attempts a on a.notification_id = n.id
        where n.webhook_id = w.id and a.attempted_at > ${since.toISOString()}::timestamptz
      ) d on true
      left join lateral (
        select a.attempted_at, a.error, a.status_code
        from webhook_notifications n
        join webhook_delivery_attempts a on a.notification_id = n.id
        where n.webhook_id = w.id and a.error is not null
        order by a.attempted_at desc, a.seq desc
        limit 1
      ) f on true
      where w.account_id = ${accountId}
      order by w.created_at, w.id`)
  return result.rows.map((row) => ({
    webhookId: row.webhook_id,
    attempts: Number(row.attempts),
    succeeded: Number(row.succeeded),
    pending: Number(row.pending),
    retrying: Number(row.retrying),
    lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
    lastFailureReason: row.last_failure_reason,
    lastFailureStatusCode:
      row.last_failure_status_code === null ? null : Number(row.last_failure_status_code),
  }))
}
