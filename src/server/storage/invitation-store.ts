import { createHash } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../contract/people'
import type { Executor } from './database'
import { accounts, invitations, users } from './schema'
import type { PageRequest } from './shipment-store'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type InvitationRow = typeof invitations.$inferSelect
export type ShownInvitation = InvitationRow & { invited_by_name: string | null }
export type NewInvitation = {
  email: string
  role: Role
  name?: string | null
  party_id?: string | null
  invited_by?: string | null
  expires_at: Date
}

/** The invitation keeps the names the inviter gave as a JSON pair in its one name column. */
export const namesOf = (name: string | null): [string | null, string | null] => {
  try {
    const [first, last] = JSON.parse(name ?? '[]') as unknown[]
    return [typeof first === 'string' ? first : null, typeof last === 'string' ? last : null]
  } catch {
    return [name, null]
  }
}

const shown = {
  invitation: invitations,
  invited_first: users.first_name,
  invited_last: users.last_name,
}
const toShown = (row: {
  invitation: InvitationRow
  invited_first: string | null
  invited_last: string | null
}) => ({
  ...row.invitation,
  invited_by_name: [row.invited_first, row.invited_last].filter(Boolean).join(' ') || null,
})

/** Made, revoked, accepted once. */
const invitationWrites = (db: Executor, now: () => Date) => ({
  async create(accountId: string, token: string, invitation: NewInvitation) {
    const [row] = await db
      .insert(invitations)
      .values({ account_id: accountId, ...invitation, token_hash: hashToken(token), created_at: now() })
      .returning()
    return row
  },

  async revoke(accountId: string, id: string) {
    await db
      .update(invitations)
      .set({ revoked_at: now() })
      .where(
        and(eq(invitations.account_id, accountId), eq(invitations.id, id), isNull(invitations.revoked_at)),
      )
  },

  /** Once only: of two accepting at once, one gets the row. */
  /** The invitations a person made that may still be accepted. */
  pendingBy(accountId: string, userId: string) {
    return db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.account_id, accountId),
          eq(invitations.invited_by, userId),
          isNull(invitations.revoked_at),
          isNull(invitations.accepted_at),
          gt(invitations.expires_at, now()),
        ),
      )
  },

  async markAccepted(id: string, at: Date) {
    const [row] = await db
      .update(invitations)
      .set({ accepted_at: at })
      .where(and(eq(invitations.id, id), isNull(invitations.accepted_at), isNull(invitations.revoked_at)))
      .returning()
    return row
  },
})

/** Listed, and found by id or by its token. */
const invitationReads = (db: Executor) => ({
  async list(accountId: string, page: PageRequest) {
    const where = eq(invitations.account_id, accountId)
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(shown)
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invited_by))
        .where(where)
        .orderBy(desc(invitations.created_at), desc(invitations.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(invitations).where(where),
    ])
    return { rows: rows.map(toShown), total }
  },

  async get(accountId: string, id: string) {
    const [row] = await db
      .select(shown)
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invited_by))
      .where(and(eq(invitations.account_id, accountId), eq(invitations.id, id)))
      .limit(1)
    return row && toShown(row)
  },

  async byToken(token: string) {
    const [row] = await db
      .select({ invitation: invitations, account_name: accounts.company_name })
      .from(invitations)
      .innerJoin(accounts, eq(accounts.id, invitations.account_id))
      .where(eq(invitations.token_hash, hashToken(token)))
      .limit(1)
    return row
  },

  async anyPending(accountId: string, email: string, at: Date) {
    const [row] = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.account_id, accountId),
          sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
          isNull(invitations.accepted_at),
          isNull(invitations.revoked_at),
          gt(invitations.expires_at, at),
        ),
      )
      .limit(1)
    return row !== undefined
  },
})

/** The token is stored only as its SHA-256: a copy of the database accepts no invitation. */
export const createInvitationStore = (db: Executor, now: () => Date) => ({
  ...invitationWrites(db, now),
  ...invitationReads(db),
})
