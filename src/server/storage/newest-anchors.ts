import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Executor } from './database'
import { preparedPer, preparedSql } from './prepared'
import { rowVersion } from './shown-texts'

/** Every this many rows of an account's newest-first list, where a row sits is kept. */
export const ANCHOR_EVERY = 1000

/** A row of the list as its index orders it; the time as text, since a JavaScript date drops microseconds. */
type Anchor = { at: string; id: string }
type Kept = { total: number; stamp: string }
type Window = { limit: number; offset: number }
type Page<Row> = { rows: Row[]; total: number }
export type AnchoredReads<Row> = {
  /** The page `offset` rows on from `at`/`id`, that row included. */
  fromAnchor: { execute: (values: Record<string, unknown>) => Promise<Row[]> }
  /** The page by its plain offset. */
  newest: { execute: (values: Record<string, unknown>) => Promise<Row[]> }
}

// the account's count row gets a new version with every shipment added or removed, the only changes that
// move a row along the list (a shipment's creation time never changes)
const keptOf = preparedSql<Kept>(
  'shipment_list_stamp',
  sql`select shipments as total, ${rowVersion('shipment_counts')} as stamp from shipment_counts where account_id = ${sql.placeholder('account')}`,
)

type Found = Anchor & { stamp: string; n: string }

// every thousandth row in one walk of the account's index; the texts made outside the walk, as above
const anchorsRead = preparedSql<Found>(
  'shipment_list_anchors',
  sql`select ${rowVersion('counted')} as stamp, a.created_at::text as at, a.id::text as id, a.n::text as n from shipment_counts counted cross join lateral (select ordered.created_at, ordered.id, ordered.n from (select shipments.created_at, shipments.id, row_number() over (order by shipments.created_at desc, shipments.id desc) as n from shipments where shipments.account_id = ${sql.placeholder('account')}) ordered where ordered.n % ${sql.raw(String(ANCHOR_EVERY))} = 1) a where counted.account_id = ${sql.placeholder('account')}`,
)

/**
 * The anchors of one account's list as it stands at `stamp`, block 0 first: one read however many deep pages
 * ask at once. None is kept if the list changed before the read (its stamp differs).
 */
export function createAnchorKeeper(read: (accountId: string) => Promise<Found[]>) {
  const kept = new LRUCache<string, Anchor[], { accountId: string; stamp: string }>({
    // an anchor is two short strings: 2,000 accounts of 100,000 shipments each hold about 20 MB
    maxSize: 200_000,
    sizeCalculation: (anchors) => Math.max(1, anchors.length),
    fetchMethod: async (_key, _stale, { context }) => {
      const found = await read(context.accountId)
      if (found.some((anchor) => anchor.stamp !== context.stamp)) return undefined
      const anchors: Anchor[] = []
      for (const { at, id, n } of found) anchors[Math.floor(Number(n) / ANCHOR_EVERY)] = { at, id }
      return anchors
    },
  })
  return async (accountId: string, stamp: string, block: number) =>
    (await kept.fetch(`${accountId} ${stamp}`, { context: { accountId, stamp } }))?.[block]
}

const keepersOf = preparedPer((db) =>
  createAnchorKeeper((accountId) => anchorsRead(db, { account: accountId })),
)

/**
 * A deep page of the unfiltered newest-first list: from the kept row nearest above it, so page 2,000 walks
 * at most a thousand index entries rather than 50,000 (8 ms at 100,000 shipments). Every anchor of the list
 * is found in one walk, once for each version of it: fifty deep pages asked at once after a change made
 * fifty walks of up to the whole index, each from the top.
 */
export async function anchoredNewestPage<Row>(
  db: Executor,
  reads: AnchoredReads<Row>,
  accountId: string,
  window: Window,
): Promise<Page<Row>> {
  const [kept] = await keptOf(db, { account: accountId })
  if (!kept) return { rows: [], total: 0 }
  const total = Number(kept.total)
  const block = Math.floor(window.offset / ANCHOR_EVERY)
  const anchor = window.offset < total ? await keepersOf(db)(accountId, kept.stamp, block) : undefined
  const rows = anchor
    ? await reads.fromAnchor.execute({
        account: accountId,
        from_at: anchor.at,
        from_id: anchor.id,
        limit: window.limit,
        offset: window.offset - block * ANCHOR_EVERY,
      })
    : await reads.newest.execute({ account: accountId, ...window })
  return { rows, total }
}
