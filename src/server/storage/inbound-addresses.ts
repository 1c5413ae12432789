import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { accounts } from './schema'

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, 40) || 'account'

export const createInboundAddresses = (db: Executor) => ({
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
})
