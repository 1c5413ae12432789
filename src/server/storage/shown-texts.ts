import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'

/** A row as a list first reads it: the keys its relationships name and its version, not its attributes. */
export type Versioned = { id: string; version: string }
export type Written<Row extends Versioned> = Row & { attributes_json: string }

/**
 * Which life of the database cluster a statement ran in: its system identifier, timeline and the start of
 * its postmaster. A transaction id is unique only within one life: a restore, a point-in-time recovery or
 * a failover to a standby that lagged hands out again ids a lost history had used, so the same row can
 * come back with the same `xmin` and other contents. Each of those starts a server (or a timeline) anew.
 * Read in the same statement as the `xmin`, on whatever connection runs it, once per statement.
 */
const CLUSTER_LIFE = sql`(select s.system_identifier::text || '.' || c.timeline_id::text || '.' || extract(epoch from pg_postmaster_start_time())::text from pg_control_system() s, pg_control_checkpoint() c)`

/** A row's version as lists key its attribute text: its `xmin` in this life of the cluster. */
export const rowVersion = (table: string) =>
  sql<string>`${sql.raw(`${table}.xmin`)}::text || ' ' || ${CLUSTER_LIFE}`

/**
 * The attribute texts the database wrote (see `shownAttributes`), kept by row version (`rowVersion`):
 * PostgreSQL gives every version of a row a new `xmin` within a life of the cluster, so a row read again
 * unchanged takes its text from memory, and only rows new or changed since are written again. Attributes
 * come from a row's own columns alone, which is what makes the version a complete key. Writing the text
 * costs PostgreSQL 7–12 µs a row, most of a list. `maxBytes` 0 keeps nothing: every row is written.
 */
export function createShownTexts(maxBytes: number) {
  if (maxBytes <= 0)
    return <Row extends Versioned>(rows: Row[], written: (ids: string[]) => Promise<Written<Row>[]>) =>
      rows.length === 0 ? Promise.resolve([]) : writtenAgain(rows, written)
  const texts = new LRUCache<string, string>({
    maxSize: maxBytes,
    // a short key and the string's header beside one byte a character of JSON (ASCII but for text values)
    sizeCalculation: (text) => text.length + 96,
  })
  /**
   * The rows with their attributes, in the order given: from memory where this version was written
   * before, the others read by id with `written`. A row gone by then is left out; one changed by then is
   * taken as read the second time.
   */
  return async function withTexts<Row extends Versioned>(
    rows: Row[],
    written: (ids: string[]) => Promise<Written<Row>[]>,
  ): Promise<Written<Row>[]> {
    const missing = new Set<string>()
    for (const row of rows) {
      const text = texts.get(`${row.id} ${row.version}`)
      if (text === undefined) missing.add(row.id)
      else (row as Written<Row>).attributes_json = text
    }
    if (missing.size === 0) return rows as Written<Row>[]
    const read = new Map((await written([...missing])).map((row) => [row.id, row]))
    for (const row of read.values()) texts.set(`${row.id} ${row.version}`, row.attributes_json)
    return rows.flatMap((row) => {
      if (!missing.has(row.id)) return [row as Written<Row>]
      const again = read.get(row.id)
      return again ? [Object.assign(row, again)] : []
    })
  }
}

/** Every row written by id, in the order given; a row gone by then is left out. */
async function writtenAgain<Row extends Versioned>(
  rows: Row[],
  written: (ids: string[]) => Promise<Written<Row>[]>,
): Promise<Written<Row>[]> {
  const read = new Map((await written(rows.map((row) => row.id))).map((row) => [row.id, row]))
  return rows.flatMap((row) => {
    const again = read.get(row.id)
    return again ? [Object.assign(row, again)] : []
  })
}
