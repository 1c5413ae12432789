import { type Column, type SQL, sql } from 'drizzle-orm'

/**
 * `column = any($n::uuid[])`: one parameter for a list of any length, so a statement's text, and the
 * plan PostgreSQL keeps for it by name, is the same for every request.
 */
export const inUuids = (column: Column, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`

/**
 * Builds a store's named statements once, on first use, for the executor the store was made with.
 * On PostgreSQL each pooled connection parses and plans a name once and then only binds parameters;
 * PGlite runs the same text unnamed. A name must always stand for the same text.
 */
export function preparedOnce<T>(build: () => T) {
  let statements: T | undefined
  return () => {
    statements ??= build()
    return statements
  }
}
