import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useMemo } from 'react'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { ColumnChooser } from '../../components/data-table/column-chooser'
import { useColumnChoice } from '../../components/data-table/column-preferences'
import { DataTable } from '../../components/data-table/data-table'
import { ExportButton } from '../../components/data-table/export-button'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { ShipmentFilters } from './shipment-filters'
import { listParamsFrom, SHIPMENT_VIEW, shipmentQueries } from './shipment-queries'
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
  const params = listParamsFrom(view.search)
  const queryClient = useQueryClient()
  const query = useQuery(shipmentQueries.list(params))
  // the table renders in an interruptible pass, so a page of 100 shipments never blocks typing or scrolling
  const data = useDeferredValue(query.data)
  const { columns: choice, save } = useColumnChoice(
    'quayside.shipments.columns',
    COLUMN_IDS,
    HIDDEN_BY_DEFAULT,
  )
  const rows = useMemo<ShipmentRow[] | undefined>(() => {
    if (!data) return undefined
    const graph = createIncludeGraph(data)
    return data.data.map((shipment) => ({
      shipment,
      containers: graph.many(shipment, 'containers', ContainerSchema),
    }))
  }, [data])
  const visible = useMemo(
    () => choice.filter((c) => c.visible).map((c) => shipmentColumns.find((column) => column.id === c.id)!),
    [choice],
  )
  const info = data ? pageInfo(data, params.size) : undefined
  // rows are checked only once they are this URL's own answer, not a previous page's still on screen
  const current = data !== undefined && data === query.data && !query.isPlaceholderData
  const filtered = Object.keys(view.filters).length > 0

  return (
    <section aria-labelledby="shipments-title">
      <h1 id="shipments-title">Shipments</h1>
      <ShipmentFilters params={params} onApply={view.update} />
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
            label: shipmentColumns.find((column) => column.id === c.id)!.header,
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
      {(filtered || params.sort) && rows ? (
        <Suspense fallback={null}>
          <IgnoredViewBanner params={params} rows={rows} current={current} />
        </Suspense>
      ) : null}
      <DataTable
        label="Shipments"
        columns={visible}
        rows={rows}
        rowId={(row) => row.shipment.id}
        sort={params.sort}
        onSort={view.toggleSort}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: 'No shipments found',
          hint: params.q
            ? `Nothing matches “${params.q}”. Check the number, or search by bill of lading, reference or container number.`
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
