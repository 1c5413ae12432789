import { useQuery } from '@tanstack/react-query'
import { useTable } from '@tanstack/react-table'
import { lazy, Suspense, useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { ColumnChooser } from './column-chooser'
import { useColumnChoice } from './column-preferences'
import { ExportButton } from './export-button'
import { ShipmentFilters } from './shipment-filters'
import { listParamsFrom, PAGE_SIZES, type SortField, shipmentQueries } from './shipment-queries'
import {
  COLUMN_IDS,
  HIDDEN_BY_DEFAULT,
  type ShipmentRow,
  shipmentColumns,
  shipmentTableFeatures,
} from './shipments-columns'

// the check of the rows against the view loads only for a filtered or sorted view; if it cannot load,
// the list still shows, without the warning
const IgnoredViewBanner = lazy(() =>
  import('./ignored-view-banner')
    .then((module) => ({ default: module.IgnoredViewBanner }))
    .catch(() => ({ default: () => null })),
)

const ARIA_SORT = { none: 'none', ascending: 'ascending', descending: 'descending' } as const

export function ShipmentsPage() {
  const [search, setSearch] = useSearchParams()
  const params = listParamsFrom(search)
  const query = useQuery(shipmentQueries.list(params))
  const { isFetching, error, isPlaceholderData } = query
  // the table renders in an interruptible pass, so a page of 100 shipments never blocks typing or scrolling
  const data = useDeferredValue(query.data)
  const isPending = data === undefined
  const { columns: choice, save } = useColumnChoice(COLUMN_IDS, HIDDEN_BY_DEFAULT)
  if (error) throw error

  const rows = useMemo<ShipmentRow[]>(() => {
    if (!data) return []
    const graph = createIncludeGraph(data)
    return data.data.map((shipment) => ({
      shipment,
      containers: graph.many(shipment, 'containers', ContainerSchema),
    }))
  }, [data])
  const visible = choice
    .filter((c) => c.visible)
    .map((c) => shipmentColumns.find((column) => column.id === c.id)!)
  const table = useTable({ features: shipmentTableFeatures, columns: visible, data: rows })
  const info = data ? pageInfo(data, params.size) : undefined
  // rows are checked only once they are this URL's own answer, not a previous page's still on screen
  const current = data !== undefined && data === query.data && !isPlaceholderData

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearch(next)
  }
  const sortBy = (field: SortField) => {
    const current = params.sort?.field === field ? params.sort : undefined
    const next = !current ? field : !current.descending ? `-${field}` : undefined
    update({ sort: next, page: undefined })
  }
  const filtered = [
    params.q,
    params.carrier,
    params.pol,
    params.pod,
    params.stopped,
    params.customer,
    params.tag,
  ].some((v) => v !== undefined)

  return (
    <section aria-labelledby="shipments-title">
      <h1 id="shipments-title">Shipments</h1>
      <ShipmentFilters params={params} onApply={update} />
      <div className="list-bar">
        <p className="muted" aria-live="polite">
          {info?.total !== undefined
            ? `Showing ${rows.length} of ${info.total} shipments${isFetching ? ' (updating…)' : ''}`
            : isPending
              ? 'Loading shipments…'
              : ''}
        </p>
        <ColumnChooser
          columns={choice.map((c) => ({
            ...c,
            label: shipmentColumns.find((column) => column.id === c.id)!.meta.label,
          }))}
          onChange={save}
        />
        <ExportButton params={params} />
      </div>
      {filtered || params.sort ? (
        <Suspense fallback={null}>
          <IgnoredViewBanner params={params} rows={rows} current={current} />
        </Suspense>
      ) : null}
      <div className="table-wrap">
        <table aria-label="Shipments" aria-busy={isPending || isFetching} className="fixed-layout">
          <colgroup>
            {visible.map((column) => (
              <col key={column.id} style={{ width: `${column.meta.width}rem` }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = shipmentColumns.find((c) => c.id === header.column.id)!.meta
                  const direction =
                    meta.sortField && params.sort?.field === meta.sortField
                      ? params.sort.descending
                        ? 'descending'
                        : 'ascending'
                      : 'none'
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={meta.sortField ? ARIA_SORT[direction] : undefined}
                    >
                      {meta.sortField ? (
                        <button type="button" className="sort-button" onClick={() => sortBy(meta.sortField!)}>
                          {meta.label}
                          <span aria-hidden="true">
                            {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
                          </span>
                        </button>
                      ) : (
                        meta.label
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isPending
              ? Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <tr key={`skeleton-${i}`} className="skeleton">
                    {visible.map((column) => (
                      <td key={column.id}>
                        <span className="skeleton-bar" />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {!isPending && rows.length === 0 ? (
        <div className="empty-state">
          <h2>No shipments found</h2>
          <p>
            {params.q
              ? `Nothing matches “${params.q}”. Check the number, or search by bill of lading, reference or container number.`
              : filtered
                ? 'No shipment matches these filters. Try removing one, or clear them all.'
                : 'Track a shipment to see it here.'}
          </p>
        </div>
      ) : null}
      {info ? (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            disabled={!info.hasPrev}
            onClick={() => update({ page: String(info.current - 1) })}
          >
            Previous
          </button>
          <span>
            Page {info.current} of {info.last}
          </span>
          <button
            type="button"
            disabled={!info.hasNext}
            onClick={() => update({ page: String(info.current + 1) })}
          >
            Next
          </button>
          <label>
            Rows per page{' '}
            <select
              value={params.size}
              onChange={(event) => update({ size: event.target.value, page: undefined })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </nav>
      ) : null}
    </section>
  )
}
