import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useMemo } from 'react'
import { SHIPMENT_LIST } from '../../../contract/shipment-list-query'
import { pageInfo } from '../../api/pagination'
import { DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { nextSort, useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterBar } from '../../components/filters/filter-bar'
import { CustomFieldFilter } from './custom-field-filter'
import { CUSTOM_FILTER_PREFIX, listParamsFrom, SHIPMENT_VIEW, shipmentQueries } from './shipment-queries'
import { shipmentRowsOf } from './shipment-rows'
import { ShipmentsListBar } from './shipments-list-bar'
import { useBulkEdit } from './use-bulk-edit'
import { useShipmentColumns } from './use-shipment-columns'

// the check of the rows against the view loads only for a filtered or sorted view; if it cannot load,
// the list still shows, without the warning
const IgnoredViewBanner = lazy(() =>
  import('./ignored-view-banner')
    .then((module) => ({ default: module.IgnoredViewBanner }))
    .catch(() => ({ default: () => null })),
)

const emptyHint = (q: string | undefined, filtered: boolean) =>
  q
    ? `Nothing matches “${q}”. Check the number, or search by bill of lading, reference or container number (4 characters or more), customer or vessel.`
    : filtered
      ? 'No shipment matches these filters. Try removing one, or clear them all.'
      : 'Track a shipment to see it here.'

export function ShipmentsPage() {
  const view = useTableUrlState(SHIPMENT_VIEW)
  const { definitions, allColumns, choice, save, visible } = useShipmentColumns()
  const basic = listParamsFrom(view.search)
  const params = {
    ...basic,
    withFields: visible.some((c) => c.id.startsWith('cf.')) || basic.fields !== undefined,
  }
  const q = params.filters.q
  const query = useQuery(shipmentQueries.list(params))
  // the table renders in an interruptible pass, so a page of 100 shipments never blocks typing or scrolling
  const data = useDeferredValue(query.data)
  const rows = useMemo(() => (data ? shipmentRowsOf(data, q) : undefined), [data, q])
  const bulkEdit = useBulkEdit(definitions, rows)
  const info = data ? pageInfo(data, params.size) : undefined
  // rows are checked only once they are this URL's own answer, not a previous page's still on screen
  const current = data !== undefined && data === query.data && !query.isPlaceholderData
  const filtered = Object.keys(params.filters).length > 0 || params.fields !== undefined
  const labelOf = (id: string) => allColumns.find((column) => column.id === id)?.header ?? id

  return (
    <section aria-labelledby="shipments-title">
      <h1 id="shipments-title">Shipments</h1>
      <FilterBar list={SHIPMENT_LIST} values={params.filters} onApply={view.update} />
      <CustomFieldFilter
        definitions={definitions}
        active={params.fields ?? {}}
        onChange={(slug, value) =>
          view.update({ [`${CUSTOM_FILTER_PREFIX}${slug}`]: value, page: undefined })
        }
      />
      <ShipmentsListBar
        status={
          info?.total !== undefined
            ? `Showing ${rows?.length ?? 0} of ${info.total} shipments${query.isFetching ? ' (updating…)' : ''}`
            : rows === undefined && !query.error
              ? 'Loading shipments…'
              : ''
        }
        columns={{ columns: choice.map((c) => ({ ...c, label: labelOf(c.id) })), onChange: save }}
        params={params}
      />
      {bulkEdit.panel}
      {(filtered || params.sort) && rows ? (
        <Suspense fallback={null}>
          <IgnoredViewBanner params={params} rows={rows} current={current} />
        </Suspense>
      ) : null}
      <DataTable
        // the table's features are fixed when it mounts: selection arrives with the field definitions
        key={bulkEdit.selectable ? 'selectable' : 'plain'}
        label="Shipments"
        columns={visible}
        rows={rows}
        rowId={(row) => row.shipment.id}
        sort={params.sort}
        onSort={(field) => view.update({ sort: nextSort(params.sort, field), page: undefined })}
        selection={bulkEdit.selection}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: 'No shipments found', hint: emptyHint(q, filtered) }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
