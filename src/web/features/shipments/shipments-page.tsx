import { useQuery } from '@tanstack/react-query'
import { useTable } from '@tanstack/react-table'
import { type FormEvent, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { listParamsFrom, PAGE_SIZES, shipmentQueries } from './shipment-queries'
import { type ShipmentRow, shipmentColumns, shipmentTableFeatures } from './shipments-columns'

export function ShipmentsPage() {
  const [search, setSearch] = useSearchParams()
  const params = listParamsFrom(search)
  const { data, isPending, isFetching, error } = useQuery(shipmentQueries.list(params))
  if (error) throw error

  const rows = useMemo<ShipmentRow[]>(() => {
    if (!data) return []
    const graph = createIncludeGraph(data)
    return data.data.map((shipment) => ({
      shipment,
      containers: graph.many(shipment, 'containers', ContainerSchema),
    }))
  }, [data])
  const table = useTable({ features: shipmentTableFeatures, columns: shipmentColumns, data: rows })
  const info = data ? pageInfo(data, params.size) : undefined

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearch(next)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    update({
      q: String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined,
      page: undefined,
    })
  }

  return (
    <section aria-labelledby="shipments-title">
      <h1 id="shipments-title">Shipments</h1>
      <search>
        <form className="toolbar" onSubmit={submit} key={params.q ?? ''}>
          <label htmlFor="shipment-search">Search shipments</label>
          <input
            id="shipment-search"
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder="Bill of lading, reference or container number"
          />
          <button type="submit">Search</button>
        </form>
      </search>
      <p className="muted" aria-live="polite">
        {info?.total !== undefined
          ? `Showing ${rows.length} of ${info.total} shipments${isFetching ? ' (updating…)' : ''}`
          : isPending
            ? 'Loading shipments…'
            : ''}
      </p>
      <div className="table-wrap">
        <table aria-label="Shipments" aria-busy={isPending}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {isPending
              ? Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <tr key={i} className="skeleton">
                    {shipmentColumns.map((column) => (
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
