import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'

export type Versioned = { id: string; version: string }
export type Written<Row extends Versioned, Text extends string = 'attributes_json'> = Row &
  Record<Text, string>

/** A transaction id is unique only within one life: a restore or failover hands out again ids a lost history used. */
const CLUSTER_LIFE_READ =
  "(select s.system_identifier::text || '.' || c.timeline_id::text || '.' || extract(epoch from pg_postmaster_start_time())::text from pg_control_system() s, pg_control_checkpoint() c)"

/**
 * Run as a connection opens. Reading the life opens the control file twice (on PGlite a tenth of a list's
 * time), and it cannot change under an open connection: a restore, a failover or a restart ends them all.
 */
export const REMEMBER_CLUSTER_LIFE = `select set_config('quayside.cluster_life', ${CLUSTER_LIFE_READ}, false)`

// a connection that did not remember it (a pool of someone else's making) still reads it, each statement
const CLUSTER_LIFE = sql.raw(`coalesce(current_setting('quayside.cluster_life', true), ${CLUSTER_LIFE_READ})`)

export const rowVersion = (table: string) =>
  sql<string>`${sql.raw(`${table}.xmin`)}::text || ' ' || ${CLUSTER_LIFE}`

/**
 * PostgreSQL gives every row version a new `xmin`, so unchanged rows take their texts from memory (writing
 * them costs 7–12 µs a row). `fields` names the texts a row version decides, written in one statement.
 */
export function createShownTexts<Text extends string = 'attributes_json'>(
  maxBytes: number,
  fields: readonly Text[] = ['attributes_json' as Text],
) {
  if (maxBytes <= 0)
    return <Row extends Versioned>(
      rows: Row[],
      written: (ids: string[]) => Promise<Written<Row, Text>[]>,
    ): Promise<Written<Row, Text>[]> =>
      rows.length === 0 ? Promise.resolve([]) : writtenAgain(rows, written)
  const texts = new LRUCache<string, string[]>({
    maxSize: maxBytes,
    // a short key and the strings' headers beside one byte a character of JSON
    sizeCalculation: (kept) => kept.reduce((bytes, text) => bytes + text.length + 32, 64),
  })
  /** A row gone by then is left out; one changed by then is taken as read the second time. */
  return async function withTexts<Row extends Versioned>(
    rows: Row[],
    written: (ids: string[]) => Promise<Written<Row, Text>[]>,
  ): Promise<Written<Row, Text>[]> {
    const missing = new Set<string>()
    for (const row of rows) {
      const kept = texts.get(`${row.id} ${row.version}`)
      if (kept === undefined) missing.add(row.id)
      else
        for (const [index, field] of fields.entries()) (row as Record<string, unknown>)[field] = kept[index]
    }
    if (missing.size === 0) return rows as Written<Row, Text>[]
    const read = new Map((await written([...missing])).map((row) => [row.id, row]))
    for (const row of read.values())
      texts.set(
        `${row.id} ${row.version}`,
        fields.map((field) => (row as Record<string, unknown>)[field] as string),
      )
    return rows.flatMap((row) => {
      if (!missing.has(row.id)) return [row as Written<Row, Text>]
      const again = read.get(row.id)
      return again ? [Object.assign(row, again)] : []
    })
  }
}

async function writtenAgain<Row extends Versioned, Out extends Versioned>(
  rows: Row[],
  written: (ids: string[]) => Promise<Out[]>,
): Promise<Out[]> {
  const read = new Map((await written(rows.map((row) => row.id))).map((row) => [row.id, row]))
  return rows.flatMap((row) => {
    const again = read.get(row.id)
    return again ? [Object.assign(row, again)] : []
  })
}
