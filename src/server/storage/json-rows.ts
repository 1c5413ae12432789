import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './database'

const withoutBinary = (_key: string, value: unknown) => (value instanceof Uint8Array ? undefined : value)

/** Building a parameter per value costs more than the insert itself; binary columns cannot travel this way. */
export async function insertAsJson<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => rows.some((row) => key in (row as object)))
    .map(([, column]) => sql.identifier(column.name))
  const list = sql.join(columns, sql`, `)
  const name = sql.identifier(getTableName(table))
  const json = JSON.stringify(rows, withoutBinary)
  await db.execute(
    sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
  )
}
