import { type Column, type SQL, sql } from 'drizzle-orm'
import { iso } from './iso-time'

/** Only the row's own columns (a test holds both renderings equal): lists keep the text by row version. */
export type ShownAttribute<Row> = Column | { time: Column } | { computed: (row: Row) => unknown; sql: SQL }

const NAME = /^[a-z][a-z0-9_]*$/

export const timeJson = (time: Column | SQL) => {
  const utc = sql`(${time} at time zone 'UTC')`
  // JSON's own writing of a time is half to_char's cost, and a list writes ten times a row; it writes the
  // form JavaScript does only for four-digit years. The others are written by a function (migration 0046),
  // which PostgreSQL prepares only when it is called, unlike a branch spelled out here.
  return sql`case when ${time} >= '1000-01-01Z' and ${time} < '10000-01-01Z' then left(to_json(date_trunc('second', ${utc}))::text, -1) || 'Z"' else time_json_beyond(${time}) end`
}

const jsonOf = <Row>(attribute: ShownAttribute<Row>): SQL => {
  if ('computed' in attribute) return attribute.sql
  if ('time' in attribute) return timeJson(attribute.time)
  return sql`to_json(${attribute})`
}

const cellOf = <Row>(attribute: ShownAttribute<Row>, row: Row) => {
  const cells = row as Record<string, unknown>
  if ('computed' in attribute) return attribute.computed(row)
  if ('time' in attribute) return iso(cells[attribute.time.name] as Date | null)
  return cells[attribute.name]
}

/** Declared once: rendered in JavaScript, or written by the database as JSON text a document carries as it is. */
export function shownAttributes<Row>(attributes: Record<string, ShownAttribute<Row>>) {
  const entries = Object.entries(attributes)
  for (const [name] of entries) if (!NAME.test(name)) throw new Error(`'${name}' can't be an attribute name`)
  const members = entries.map(
    ([name, attribute], index) =>
      sql`${sql.raw(`'${index === 0 ? '{' : ','}"${name}":'`)} || coalesce(${jsonOf(attribute)}::text, 'null')`,
  )
  return {
    names: entries.map(([name]) => name),
    of: (row: Row) => Object.fromEntries(entries.map(([name, attribute]) => [name, cellOf(attribute, row)])),
    json: sql<string>`(${sql.join(members, sql` || `)} || '}')`,
  }
}
