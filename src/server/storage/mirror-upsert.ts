import { and, eq, getTableColumns, getTableName, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './database'
import { containers, shipments } from './schema'

export type Row = Record<string, unknown>
export type Mirrored = PgTable & { id: PgColumn; account_id: PgColumn }

export const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))]

export async function existing(db: Executor, table: PgTable & { id: PgColumn }, ids: (string | null)[]) {
  const wanted = unique(ids).filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (wanted.length === 0) return new Set<string>()
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, wanted))
  return new Set(rows.map((r) => r.id as string))
}

export async function idsByCode<T extends PgTable>(
  db: Executor,
  table: T,
  column: PgColumn,
  idColumn: PgColumn,
  codes: (string | null)[],
) {
  const wanted = unique(codes)
  if (wanted.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ code: column, id: idColumn })
    .from(table as PgTable)
    .where(inArray(column, wanted))
  return new Map(rows.map((r) => [r.code as string, r.id as string]))
}

/** A page the database refuses as a whole is written row by row. */
export async function upsert(db: Executor, table: Mirrored, rows: Row[], stamped: boolean) {
  if (rows.length === 0) return 0
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((k) => k !== 'id')
  const columns = getTableColumns(table)
  const set = Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)]))
  const checked = columns.upstream_checked_at
  const where: SQL | undefined = and(
    eq(table.account_id, sql.raw('excluded."account_id"')),
    stamped ? or(isNull(checked), lte(checked, sql.raw('excluded."upstream_checked_at"'))) : undefined,
  )
  // a savepoint each: a refused row must not abort the transaction around it
  const write = (batch: Row[]) =>
    db.transaction((tx) =>
      tx
        .insert(table)
        .values(batch as never)
        .onConflictDoUpdate({ target: table.id, set, where }),
    )
  try {
    await write(rows)
  } catch {
    for (const row of rows)
      await write([row]).catch((error: Error) =>
        console.warn(`Mirror: ${getTableName(table)} ${row.id} not written: ${error.message}`),
      )
  }
  return rows.length
}

export async function ownIds(db: Executor, table: Mirrored, accountId: string, ids: (string | null)[]) {
  const wanted = unique(ids).filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (wanted.length === 0) return new Map<string, string>()
  const shipmentColumn = table === (containers as unknown) ? containers.shipment_id : table.id
  const rows = await db
    .select({ id: table.id, shipment: shipmentColumn })
    .from(table as PgTable)
    .where(and(eq(table.account_id, accountId), inArray(table.id, wanted)))
  return new Map(rows.map((r) => [r.id as string, r.shipment as string]))
}

export async function refreshSearchNumbers(db: Executor, accountId: string, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return
  await db.execute(sql`
    update ${shipments} s set search_numbers = array(
      select distinct upper(trim(n)) from unnest(
        array[s.bill_of_lading_number]
        || array(select jsonb_array_elements_text(s.ref_numbers))
        || array(select c.number from ${containers} c where c.shipment_id = s.id)
      ) n
    )
    where s.account_id = ${accountId} and s.id in ${sql`(${sql.join(
      shipmentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`)
}
