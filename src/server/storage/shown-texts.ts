import { LRUCache } from 'lru-cache'

/** A row as a list first reads it: the keys its relationships name and its version, not its attributes. */
export type Versioned = { id: string; version: string }
export type Written<Row extends Versioned> = Row & { attributes_json: string }

/**
 * The attribute texts the database wrote (see `shownAttributes`), kept by row version: PostgreSQL gives
 * every version of a row a new `xmin`, so a row read again unchanged takes its text from memory, and only
 * rows new or changed since are written again. Attributes come from a row's own columns alone, which is
 * what makes the version a complete key. Writing the text costs PostgreSQL 7–12 µs a row, most of a list.
 */
export function createShownTexts(maxBytes: number) {
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
