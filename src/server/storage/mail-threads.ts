import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { emailSubmissions } from './schema'

export const createMailThreads = (db: Executor, now: () => Date) => ({
  async submissionByRaw(accountId: string, rawSha256: string) {
    const [row] = await db
      .select({ id: emailSubmissions.id })
      .from(emailSubmissions)
      .where(and(eq(emailSubmissions.account_id, accountId), eq(emailSubmissions.raw_sha256, rawSha256)))
    return row?.id
  },
  async submissionByMessageIds(accountId: string, messageIds: string[]) {
    if (messageIds.length === 0) return undefined
    const [row] = await db
      .select({ id: emailSubmissions.id })
      .from(emailSubmissions)
      .where(
        and(eq(emailSubmissions.account_id, accountId), inArray(emailSubmissions.message_id, messageIds)),
      )
      .orderBy(sql`${emailSubmissions.sent_at} desc nulls last`)
      .limit(1)
    return row?.id
  },
  async insertSubmission(values: typeof emailSubmissions.$inferInsert) {
    const [row] = await db
      .insert(emailSubmissions)
      .values({ created_at: now(), updated_at: now(), ...values })
      .returning({ id: emailSubmissions.id })
    return row.id
  },
  async adoptReplies(accountId: string, submissionId: string, messageId: string) {
    await db
      .update(emailSubmissions)
      .set({ reply_to_submission_id: submissionId })
      .where(
        and(
          eq(emailSubmissions.account_id, accountId),
          ne(emailSubmissions.id, submissionId),
          isNull(emailSubmissions.reply_to_submission_id),
          or(eq(emailSubmissions.in_reply_to, messageId), sql`${emailSubmissions.references} ? ${messageId}`),
        ),
      )
  },
  async thread(accountId: string, submissionId: string) {
    const result = await db.execute<{ id: string }>(sql`
      with recursive up(id, parent, depth) as (
        select id, reply_to_submission_id, 0 from email_submissions where id = ${submissionId} and account_id = ${accountId}
        union all
        select s.id, s.reply_to_submission_id, up.depth + 1 from email_submissions s join up on s.id = up.parent
        where s.account_id = ${accountId} and up.depth < 100
      ),
      root as (select id from up order by depth desc limit 1),
      down(id, depth) as (
        select id, 0 from root
        union all
        select s.id, down.depth + 1 from email_submissions s join down on s.reply_to_submission_id = down.id
        where s.account_id = ${accountId} and down.depth < 100
      )
      select distinct id from down`)
    return result.rows.map((r) => r.id)
  },
})
