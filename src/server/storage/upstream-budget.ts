import { eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { upstreamRequestBudgets } from './schema'

const b = upstreamRequestBudgets

export type BudgetShape = { burst: number; perMs: number }

/** Every process on one upstream account spends from one bucket; each take is one statement over the locked row. */
export const upstreamBudget = (db: Executor) => ({
  /** 0 when taken, else ms until one may be. */
  async takeToken(accountId: string, shape: BudgetShape, now: Date) {
    const at = now.toISOString()
    await db
      .insert(b)
      .values({ account_id: accountId, tokens: shape.burst, updated_at: now })
      .onConflictDoNothing()
    const result = await db.execute<{ granted: boolean; refilled: number; paused_ms: number | null }>(sql`
      with current as (
        select account_id, paused_until,
               least(${shape.burst}::float8, tokens + greatest(0, extract(epoch from (${at}::timestamptz - updated_at)) * 1000) * ${shape.perMs}::float8) as refilled
        from ${b} where account_id = ${accountId} for update
      ), decided as (
        select *, (coalesce(paused_until, '-infinity') <= ${at}::timestamptz and refilled >= 1) as granted from current
      )
      update ${b} set tokens = case when d.granted then d.refilled - 1 else d.refilled end,
                      updated_at = greatest(${b.updated_at}, ${at}::timestamptz)
      from decided d where ${b.account_id} = d.account_id
      returning d.granted as granted, d.refilled as refilled,
                extract(epoch from (d.paused_until - ${at}::timestamptz)) * 1000 as paused_ms`)
    const row = result.rows[0]
    if (!row || row.granted) return 0
    const paused = Number(row.paused_ms ?? 0)
    return Math.max(1, paused > 0 ? Math.ceil(paused) : Math.ceil((1 - Number(row.refilled)) / shape.perMs))
  },

  /** An upstream's Retry-After. */
  async pauseRequests(accountId: string, until: Date) {
    await db
      .update(b)
      .set({
        paused_until: sql`greatest(coalesce(${b.paused_until}, '-infinity'), ${until.toISOString()}::timestamptz)`,
      })
      .where(eq(b.account_id, accountId))
  },
})
