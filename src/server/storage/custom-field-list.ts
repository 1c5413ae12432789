import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { customFieldValues, shipments } from './schema'

type ShipmentColumns = Omit<(typeof shipments)['_']['columns'], 'voyage'>

export type CustomFieldCondition = {
  definitionId: string
  test:
    | { kind: 'equals'; values: unknown[] }
    | { kind: 'contains_any'; values: string[] }
    | { kind: 'range'; from?: unknown; to?: unknown }
}

const v = customFieldValues
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

function valueTest({ test }: CustomFieldCondition): SQL {
  switch (test.kind) {
    case 'equals':
      return sql`${v.value} in (${sql.join(test.values.map(json), sql`, `)})`
    case 'contains_any':
      return sql`(${sql.join(
        test.values.map((value) => sql`${v.value} @> ${json([value])}`),
        sql` or `,
      )})`
    case 'range': {
      // jsonb orders numbers as numbers and ISO times as text, which is their order in time
      const sides = [
        ...(test.from !== undefined ? [sql`${v.value} >= ${json(test.from)}`] : []),
        ...(test.to !== undefined ? [sql`${v.value} <= ${json(test.to)}`] : []),
      ]
      return sql.join(sides, sql` and `)
    }
  }
}

/** PostgreSQL walks the matching values in the index and fetches only their shipments. */
export const customFieldConditions = (conditions: CustomFieldCondition[]) =>
  conditions.map(
    (condition) =>
      sql`${shipments.id} in (select ${v.entity_id} from ${v} where ${v.definition_id} = ${condition.definitionId} and ${valueTest(condition)})`,
  )

type Sorted = { definitionId: string; descending: boolean }
type Window = { limit: number; offset: number }

export const withValueInOrder = (
  db: Executor,
  where: SQL | undefined,
  sort: Sorted,
  window: Window,
  columns: ShipmentColumns,
) => {
  const direction = sort.descending ? desc : asc
  return db
    .select(columns)
    .from(v)
    .innerJoin(shipments, eq(shipments.id, v.entity_id))
    .where(and(eq(v.definition_id, sort.definitionId), where))
    .orderBy(direction(v.value), direction(v.entity_id))
    .limit(window.limit)
    .offset(window.offset)
}

export const withoutValue = (
  db: Executor,
  where: SQL | undefined,
  sort: Sorted,
  window: Window,
  columns: ShipmentColumns,
) =>
  db
    .select(columns)
    .from(shipments)
    .where(
      and(
        where,
        sql`not exists (select 1 from ${v} where ${v.entity_id} = ${shipments.id} and ${v.definition_id} = ${sort.definitionId})`,
      ),
    )
    .orderBy(desc(shipments.created_at), desc(shipments.id))
    .limit(window.limit)
    .offset(window.offset)

/** One ORDER BY over a join would sort every shipment (1.9 s at 100,000); each part here walks an index. */
export async function pageByCustomField<T>(
  db: Executor,
  where: SQL | undefined,
  sort: Sorted,
  page: { number: number; size: number },
  columns: ShipmentColumns,
) {
  const offset = (page.number - 1) * page.size
  const first = (await withValueInOrder(db, where, sort, { limit: page.size, offset }, columns)) as T[]
  if (first.length === page.size) return first
  const before =
    first.length > 0
      ? offset + first.length
      : Number(
          (
            await db
              .select({ total: count() })
              .from(v)
              .innerJoin(shipments, eq(shipments.id, v.entity_id))
              .where(and(eq(v.definition_id, sort.definitionId), where))
          )[0].total,
        )
  const rest = (await withoutValue(
    db,
    where,
    sort,
    { limit: page.size - first.length, offset: Math.max(0, offset - before) },
    columns,
  )) as T[]
  return [...first, ...rest]
}
