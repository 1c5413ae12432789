import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { withOptions } from '../../components/custom-fields/field-values'
import { useColumnChoice } from '../../components/data-table/column-preferences'
import { customColumnId, customFieldColumns } from './custom-field-columns'
import { COLUMN_IDS, HIDDEN_BY_DEFAULT, shipmentColumns } from './shipments-columns'

export function useShipmentColumns() {
  const definitionsQuery = useQuery(customFieldQueries.definitions())
  const definitions = useMemo(
    () =>
      definitionsQuery.data
        ? withOptions(definitionsQuery.data).filter((d) => d.attributes.entity_type === 'Shipment')
        : [],
    [definitionsQuery.data],
  )
  const customColumns = useMemo(() => customFieldColumns(definitions), [definitions])
  const allColumns = useMemo(() => [...shipmentColumns, ...customColumns], [customColumns])
  const { columns: choice, save } = useColumnChoice(
    'quayside.shipments.columns',
    useMemo(() => [...COLUMN_IDS, ...customColumns.map((c) => c.id)], [customColumns]),
    useMemo(() => [...HIDDEN_BY_DEFAULT, ...definitions.map(customColumnId)], [definitions]),
  )
  const visible = useMemo(
    () =>
      choice
        .filter((c) => c.visible)
        .map((c) => allColumns.find((column) => column.id === c.id))
        .filter((c) => c !== undefined),
    [choice, allColumns],
  )
  return { definitions, allColumns, choice, save, visible }
}
