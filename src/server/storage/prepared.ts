import { type Column, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Executor } from './database'

/** One parameter for a list of any length, so the statement's text and its kept plan are the same for every request. */
export const inUuids = (column: Column, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`

/** On PostgreSQL each pooled connection plans a name once; a name must always stand for the same text. */
export function preparedPer<T>(build: (db: Executor) => T) {
  const built = new WeakMap<Executor, T>()
  return (db: Executor) => {
    let statements = built.get(db)
    if (!statements) {
      statements = build(db)
      built.set(db, statements)
    }
    return statements
  }
}

/** Written into the text so PostgreSQL keeps one plan (`limit $n` is planned afresh); drizzle's type cannot say this. */
export const writtenLimit = (size: number) => sql.raw(String(Math.trunc(size))) as unknown as number

/**
 * A statement written with `sql` and `sql.placeholder`, compiled to text once and run as a named prepared
 * statement, as drizzle's own `.prepare()` does for the query builder: compiling a long statement on every
 * request cost about 1 ms of the board's CPU.
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = new PgDialect().sqlToQuery(statement)
  const statements = preparedPer((db) => db._.session.prepareQuery(query, undefined, name, false))
  return async (db: Executor, values: Record<string, unknown>) =>
    ((await statements(db).execute(values)) as { rows: Row[] }).rows
}
