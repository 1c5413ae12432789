import { type Column, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'

/**
 * `column = any($n::uuid[])`: one parameter for a list of any length, so a statement's text, and the
 * plan PostgreSQL keeps for it by name, is the same for every request.
 */
export const inUuids = (column: Column, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`

/**
 * A store's named statements, built once for each executor (the database, or a transaction) on first use.
 * On PostgreSQL each pooled connection parses and plans a name once and then only binds parameters;
 * PGlite runs the same text unnamed. A name must always stand for the same text.
 */
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

/**
 * A limit written into a statement's text, so that PostgreSQL keeps one plan for it, where for `limit $n`
 * it plans every execution afresh. drizzle writes any SQL it is given as a limit, though its type names
 * only numbers and placeholders: the one place that type cannot say what is passed.
 */
export const writtenLimit = (size: number) => sql.raw(String(Math.trunc(size))) as unknown as number
