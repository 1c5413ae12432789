import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { parties, shipments } from './schema'

const NUMBER_PART = 4
/** pg_trgm finds a pattern by its runs of three characters: a shorter word would read every row. */
const WORD_PART = 3

/** LIKE patterns with the typed text taken literally; numbers are kept upper case. */
export const partsOf = (query: string) => {
  const words = query.trim().split(/\s+/).filter(Boolean)
  const single = words.length === 1 && words[0].length >= NUMBER_PART
  const named = words.length > 0 && words.every((word) => word.length >= WORD_PART)
  return {
    number: single ? `%${escapeLike(words[0].toUpperCase())}%` : undefined,
    words: named ? words.map((word) => `%${escapeLike(word)}%`) : undefined,
  }
}

const everyWord = (column: AnyColumn, words: string[]) =>
  and(...words.map((word) => sql`${column} ilike ${word}`))

/** As the trigram index reads them. */
export const numbersText = sql`search_numbers_text(${shipments.search_numbers})`

/** Read first so PostgreSQL plans with them: with an array it cannot see it read every shipment (44 ms vs 0.3 ms). */
export async function customersNamedIn(db: Executor, accountId: string, query: string) {
  const { words } = partsOf(query)
  if (!words) return []
  const rows = await db
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.account_id, accountId), everyWord(parties.company_name, words)))
  return rows.map((row) => row.id)
}

/** Each runs on an index (pg_trgm's, or customer_id's); undefined when the query is too short. */
export const shipmentPartMatch = (query: string, customerIds: string[]): SQL | undefined => {
  const { number, words } = partsOf(query)
  const matches = [
    number ? sql`${numbersText} like ${number}` : undefined,
    customerIds.length > 0 ? inArray(shipments.customer_id, customerIds) : undefined,
    words ? everyWord(shipments.pod_vessel_name, words) : undefined,
  ].filter((match) => match !== undefined)
  return matches.length > 0 ? or(...matches) : undefined
}
