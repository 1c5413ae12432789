import { sql } from 'drizzle-orm'
import type { Executor } from './database'
import type { SubmissionReading } from './document-filters'
import { inboxCounts as k } from './schema'

/** The inbox's total, or its total in one reading state, from the rows triggers keep (migration 0032). */
export async function keptInboxTotal(db: Executor, accountId: string, reading?: SubmissionReading) {
  const result = await db.execute<{ total: number | string }>(
    sql`select coalesce(sum(${k.n}), 0)::int as total from ${k}
      where ${k.account_id} = ${accountId} ${reading ? sql`and ${k.reading} = ${reading}` : sql``}`,
  )
  return Number(result.rows[0]?.total ?? 0)
}

/** As `mergeBoardCounts`: rows appended meanwhile are not in this statement's view. */
export async function mergeInboxCounts(db: Executor) {
  const pending = await db.execute<{ pending: boolean }>(
    sql`select exists (select 1 from ${k} where not ${k.merged}) as pending`,
  )
  if (!pending.rows[0]?.pending) return
  await db.execute(sql`with gone as (delete from ${k} returning *)
    insert into ${k} (account_id, reading, merged, n)
    select account_id, reading, true, sum(n) from gone group by 1, 2 having sum(n) <> 0`)
}
