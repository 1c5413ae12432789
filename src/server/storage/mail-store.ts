import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { BlobRef } from './blob-store'
import type { Executor } from './database'
import { accounts, documentBlobs, emailSubmissions } from './schema'

/** `Harbor Freight Demo Co.` -> `harbor-freight-demo-co`: what an inbound address's local part starts with. */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, 40) || 'account'

/** Inbound mail: the accounts' addresses, the files each keeps (once per checksum), and submissions with their threads. */
export const createMailStore = (db: Executor, now: () => Date) => ({
  /** The local part of the account's inbound address; an account that has none is given one now. */
  async inboundSlug(accountId: string) {
    const [account] = await db
      .select({ slug: accounts.inbound_slug, name: accounts.company_name })
      .from(accounts)
      .where(eq(accounts.id, accountId))
    if (!account) return undefined
    if (account.slug) return account.slug
    const base = slugOf(account.name)
    for (const candidate of [
      base,
      `${base}-${accountId.slice(0, 8)}`,
      `${base}-${accountId.replaceAll('-', '')}`,
    ]) {
      const [taken] = await db
        .update(accounts)
        .set({ inbound_slug: candidate })
        .where(
          and(
            eq(accounts.id, accountId),
            isNull(accounts.inbound_slug),
            sql`not exists (select 1 from accounts a where a.inbound_slug = ${candidate})`,
          ),
        )
        .returning({ slug: accounts.inbound_slug })
      if (taken?.slug) return taken.slug
      const [again] = await db
        .select({ slug: accounts.inbound_slug })
        .from(accounts)
        .where(eq(accounts.id, accountId))
      if (again?.slug) return again.slug
    }
    return undefined
  },
  async accountBySlug(slug: string) {
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.inbound_slug, slug.toLowerCase()))
    return account?.id
  },
  /** Records that the account keeps the blob with this hash (its bytes are in the blob store), once. */
  async keepBlob(accountId: string, blob: BlobRef) {
    await db
      .insert(documentBlobs)
      .values({ account_id: accountId, sha256: blob.sha256, size_bytes: blob.size, created_at: now() })
      .onConflictDoNothing()
  },
  async submissionByRaw(accountId: string, rawSha256: string) {
    const [row] = await db
      .select({ id: emailSubmissions.id })
      .from(emailSubmissions)
      .where(and(eq(emailSubmissions.account_id, accountId), eq(emailSubmissions.raw_sha256, rawSha256)))
    return row?.id
  },
  /** The latest earlier submission of the account whose Message-ID is one of these (a reply's parent). */
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
  /** Earlier replies that arrived before the message they answer are linked to it once it comes. */
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
  /** Every submission in the same thread as this one, oldest first (the whole chain of replies). */
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
