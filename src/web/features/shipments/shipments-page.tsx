import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react'
import { ContainerSchema } from '../../../contract/containers'
import { CustomFieldSchema } from '../../../contract/custom-fields'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { useWriteAccess } from '../../components/access/write-access'
import { customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { withOptions } from '../../components/custom-fields/field-values'
import { ColumnChooser } from '../../components/data-table/column-chooser'
import { useColumnChoice } from '../../components/data-table/column-preferences'
import { DataTable } from '../../components/data-table/data-table'
import { ExportButton } from '../../components/data-table/export-button'
import { Pager } from '../../components/data-table/pager'
import { nextSort, useTableUrlState } from '../../components/data-table/use-table-url-state'
import { BulkEdit } from './bulk-edit'
import { customColumnId, customFieldColumns } from './custom-field-columns'
import { CustomFieldFilter } from './custom-field-filter'
import { searchMatch } from './search-match'
import { ShipmentFilters } from './shipment-filters'
import { CUSTOM_FILTER_PREFIX, listParamsFrom, SHIPMENT_VIEW, shipmentQueries } from './shipment-queries'
import { COLUMN_IDS, HIDDEN_BY_DEFAULT, type ShipmentRow, shipmentColumns } from './shipments-columns'

// the check of the rows against the view loads only for a filtered or sorted view; if it cannot load,
// the list still shows, without the warning
const IgnoredViewBanner = lazy(() =>
  import('./ignored-view-banner')
    .then((module) => ({ default: module.IgnoredViewBanner }))
    .catch(() => ({ default: () => null })),
)

export function ShipmentsPage() {
  const view = useTableUrlState(SHIPMENT_VIEW)
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
  const basic = listParamsFrom(view.search)
  const params = {
    ...basic,
    withFields: visible.some((c) => c.id.startsWith('cf.')) || basic.fields !== undefined,
  }
  const queryClient = useQueryClient()
  const query = useQuery(shipmentQueries.list(params))
  // the table renders in an interruptible pass, so a page of 100 shipments never blocks typing or scrolling
  const data = useDeferredValue(query.data)
  const rows = useMemo<ShipmentRow[] | undefined>(() => {
    if (!data) return undefined
    const graph = createIncludeGraph(data)
    return data.data.map((shipment) => {
      const values = shipment.relationships?.custom_fields
        ? graph.many(shipment, 'custom_fields', CustomFieldSchema)
        : undefined
      const containers = graph.many(shipment, 'containers', ContainerSchema)
      const matched = params.q ? searchMatch({ shipment, containers }, params.q) : undefined
      return {
        shipment,
        containers,
        ...(matched && matched.on !== 'bill of lading' ? { matched } : {}),
        ...(values
          ? {
              fields: Object.fromEntries(values.map((v) => [v.attributes.api_slug, v.attributes.value])),
              fieldWords: Object.fromEntries(
                values.map((v) => [v.attributes.api_slug, v.attributes.display_value ?? '']),
              ),
            }
          : {}),
      }
    })
  }, [data, params.q])
  const { canWrite } = useWriteAccess()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [bulk, setBulk] = useState(false)
  // rows are selectable while a bulk edit is open
  const selectable = bulk && canWrite && definitions.length > 0
  const info = data ? pageInfo(data, params.size) : undefined
  // rows are checked only once they are this URL's own answer, not a previous page's still on screen
  const current = data !== undefined && data === query.data && !query.isPlaceholderData
  const filtered = Object.keys(view.filters).length > 0 || params.fields !== undefined

  return (
    <section aria-labelledby="shipments-title">
      <h1 id="shipments-title">Shipments</h1>
      <ShipmentFilters params={params} onApply={view.update} />
      <CustomFieldFilter
        definitions={definitions}
        active={params.fields ?? {}}
        onChange={(slug, value) =>
          view.update({ [`${CUSTOM_FILTER_PREFIX}${slug}`]: value, page: undefined })
        }
      />
      <div className="list-bar">
        <p className="muted" aria-live="polite">
          {info?.total !== undefined
            ? `Showing ${rows?.length ?? 0} of ${info.total} shipments${query.isFetching ? ' (updating…)' : ''}`
            : rows === undefined && !query.error
              ? 'Loading shipments…'
              : ''}
        </p>
        <ColumnChooser
          columns={choice.map((c) => ({
            ...c,
            label: allColumns.find((column) => column.id === c.id)?.header ?? c.id,
          }))}
          onChange={save}
        />
        <ExportButton
          noun="shipments"
          run={async (progress) =>
            (await import('./shipments-export')).exportShipments({ queryClient, params, ...progress })
          }
          onCancel={() => void queryClient.cancelQueries({ queryKey: [...shipmentQueries.all(), 'export'] })}
        />
      </div>
      {canWrite && definitions.length > 0 && !bulk ? (
        <p>
          <button type="button" className="secondary" onClick={() => setBulk(true)}>
            Set a field on several shipments
          </button>
        </p>
      ) : null}
      {bulk && rows ? (
        <BulkEdit
          definitions={definitions}
          selected={rows
            .filter((r) => selected.has(r.shipment.id))
            .map((r) => ({
              id: r.shipment.id,
              label: r.shipment.attributes.bill_of_lading_number ?? r.shipment.id,
            }))}
          onDone={() => {
            setBulk(false)
            setSelected(new Set())
          }}
        />
      ) : null}
      {(filtered || params.sort) && rows ? (
        <Suspense fallback={null}>
          <IgnoredViewBanner params={params} rows={rows} current={current} />
        </Suspense>
      ) : null}
      <DataTable
        // the table's features are fixed when it mounts: selection arrives with the field definitions
        key={selectable ? 'selectable' : 'plain'}
        label="Shipments"
        columns={visible}
        rows={rows}
        rowId={(row) => row.shipment.id}
        sort={params.sort}
        onSort={(field) => view.update({ sort: nextSort(params.sort, field), page: undefined })}
        selection={
          selectable
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (row) => row.shipment.attributes.bill_of_lading_number ?? 'shipment',
              }
            : undefined
        }
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: 'No shipments found',
          hint: params.q
            ? `Nothing matches “${params.q}”. Check the number, or search by bill of lading, reference or container number (4 characters or more), customer or vessel.`
            : filtered
              ? 'No shipment matches these filters. Try removing one, or clear them all.'
              : 'Track a shipment to see it here.',
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
