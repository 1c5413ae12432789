import type { Definition } from '../../components/custom-fields/field-values'
import type { DataColumn } from '../../components/data-table/data-table'
import type { SortField } from './shipment-queries'
import type { ShipmentRow } from './shipments-columns'

/** `cf.<api_slug>`, so it never meets a built-in column's id. */
export const customColumnId = (definition: Definition) => `cf.${definition.attributes.api_slug}`

/** Sorted by the service (a Quayside extension). */
export const customFieldColumns = (definitions: Definition[]): DataColumn<ShipmentRow, SortField>[] =>
  definitions.map((definition) => {
    const slug = definition.attributes.api_slug
    return {
      id: customColumnId(definition),
      header: definition.attributes.display_name ?? slug,
      width: 9,
      sortField: `custom_fields.${slug}` as SortField,
      cell: (row) => row.fieldWords?.[slug] ?? '—',
    }
  })
