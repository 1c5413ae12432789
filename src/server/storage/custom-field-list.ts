import { type SQL, sql } from 'drizzle-orm'
import { customFieldValues, shipments } from './schema'

/** A test one custom field's value must pass for a shipment to be listed. */
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
      // jsonb orders numbers as numbers and ISO dates and instants as text, which is their order in time
      const sides = [
        ...(test.from !== undefined ? [sql`${v.value} >= ${json(test.from)}`] : []),
        ...(test.to !== undefined ? [sql`${v.value} <= ${json(test.to)}`] : []),
      ]
      return sql.join(sides, sql` and `)
    }
  }
}

/**
 * Each condition as a semi-join on custom_field_values_by_value (definition, value): PostgreSQL walks the
 * matching values in the index and fetches only their shipments.
 */
export const customFieldConditions = (conditions: CustomFieldCondition[]) =>
  conditions.map(
    (condition) =>
      sql`${shipments.id} in (select ${v.entity_id} from ${v} where ${v.definition_id} = ${condition.definitionId} and ${valueTest(condition)})`,
  )

/**
 * Orders by a custom field's value, shipments without one last, the id breaking ties. The value is read
 * by a subquery on the (entity, definition) unique index.
 */
export function customFieldOrder(definitionId: string, descending: boolean) {
  const value = sql`(select ${v.value} from ${v} where ${v.entity_id} = ${shipments.id} and ${v.definition_id} = ${definitionId})`
  const direction = descending ? sql`desc` : sql`asc`
  return [sql`${value} is null`, sql`${value} ${direction}`, sql`${shipments.id} ${direction}`]
}
