import {
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { type ReactNode, useMemo } from 'react'
import type { SelectableFeatures } from './row-selection'
import { TableProblem } from './table-problem'
import type { SortState } from './use-table-url-state'

export type DataColumn<Row, F extends string = string> = {
  id: string
  header: string
  cell: (row: Row) => ReactNode
  sortField?: F
  /** Width in rem: the layout is fixed, so columns keep their place while rows load. */
  width?: number
  /** On a phone each row is a card: `title` heads it, `hide` leaves the column out, the rest are labelled. */
  phone?: 'title' | 'hide'
}

type Selection<Row> = {
  selected: ReadonlySet<string>
  onChange: (selected: Set<string>) => void
  /** Names a row for its checkbox, e.g. the container number. */
  rowLabel: (row: Row) => string
  /** `selectableFeatures` from `row-selection.ts`, passed in so that tables without selection do not load it. */
  features: SelectableFeatures
}

export type DataTableProps<Row extends RowData, F extends string = string> = {
  label: string
  columns: DataColumn<Row, F>[]
  /** `undefined` while the first page loads: skeleton rows show in the columns' places. */
  rows: Row[] | undefined
  rowId: (row: Row) => string
  sort?: SortState<F>
  onSort?: (field: F) => void
  /** A newer page is on its way; the rows on screen are the previous ones. */
  busy?: boolean
  error?: unknown
  onRetry?: () => void
  empty: { title: string; hint: ReactNode }
  selection?: Selection<Row>
  children?: ReactNode
}

const plain = tableFeatures({})
const ARROW = { ascending: ' ▲', descending: ' ▼', none: ' ↕' } as const
const SKELETON_ROWS = 6

function SortHeader<F extends string>(props: {
  column: { header: string; sortField?: F }
  sort?: SortState<F>
  onSort?: (field: F) => void
}) {
  const { column, sort, onSort } = props
  if (!column.sortField || !onSort) return column.header
  const direction = sort?.field === column.sortField ? (sort.descending ? 'descending' : 'ascending') : 'none'
  return (
    <button type="button" className="sort-button" onClick={() => onSort(column.sortField!)}>
      {column.header}
      <span aria-hidden="true">{ARROW[direction]}</span>
    </button>
  )
}

const ariaSort = <F extends string>(field: F | undefined, sort: SortState<F> | undefined) =>
  !field ? undefined : sort?.field !== field ? 'none' : sort.descending ? 'descending' : 'ascending'

function useServerTable<Row extends RowData, F extends string>({
  columns,
  rows,
  rowId,
  selection,
}: DataTableProps<Row, F>) {
  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<SelectableFeatures, Row> => ({
          id: column.id,
          header: column.header,
          cell: ({ row }) => column.cell(row.original),
        }),
      ),
    [columns],
  )
  const rowSelection = useMemo(
    () => Object.fromEntries([...(selection?.selected ?? [])].map((id) => [id, true])) as RowSelectionState,
    [selection?.selected],
  )
  const table = useTable({
    // the selection feature's methods are called only when the page asked for selection
    features: (selection?.features ?? plain) as SelectableFeatures,
    columns: definitions,
    data: rows ?? [],
    getRowId: rowId,
    state: { rowSelection },
    onRowSelectionChange: (updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater
      selection?.onChange(new Set(Object.keys(next).filter((id) => next[id])))
    },
  })
  return table
}

function SkeletonRows<Row>({ columns, selectable }: { columns: DataColumn<Row>[]; selectable: boolean }) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <tr key={`skeleton-${i}`} className="skeleton">
      {selectable ? <td /> : null}
      {columns.map((column) => (
        <td key={column.id} className={column.phone === 'hide' ? 'phone-hide' : undefined}>
          <span className="skeleton-bar" />
        </td>
      ))}
    </tr>
  ))
}

export function DataTable<Row extends RowData, F extends string = string>(props: DataTableProps<Row, F>) {
  const { label, columns, rows, sort, onSort, busy, error, onRetry, empty, selection, children } = props
  const table = useServerTable(props)
  if (error) return <TableProblem error={error} onRetry={onRetry} />
  const loading = rows === undefined
  const tableRows = table.getRowModel().rows
  return (
    <>
      <div className="table-wrap">
        <table aria-label={label} aria-busy={loading || busy} className="data-table fixed-layout">
          <colgroup>
            {selection ? <col style={{ width: '3rem' }} /> : null}
            {columns.map((column) => (
              <col key={column.id} style={column.width ? { width: `${column.width}rem` } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selection ? (
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select every row on this page"
                    checked={table.getIsAllRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                    disabled={loading || tableRows.length === 0}
                  />
                </th>
              ) : null}
              {columns.map((column) => (
                <th key={column.id} scope="col" aria-sort={ariaSort(column.sortField, sort)}>
                  <SortHeader column={column} sort={sort} onSort={onSort} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <SkeletonRows columns={columns} selectable={Boolean(selection)} />
            ) : (
              tableRows.map((row) => (
                <tr key={row.id} aria-selected={selection ? row.getIsSelected() : undefined}>
                  {selection ? (
                    <td className="select-cell">
                      <input
                        type="checkbox"
                        aria-label={`Select ${selection.rowLabel(row.original)}`}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  ) : null}
                  {row.getAllCells().map((cell, index) => {
                    const column = columns[index]
                    return (
                      <td
                        key={cell.id}
                        data-label={column.phone ? undefined : column.header}
                        className={column.phone ? `phone-${column.phone}` : undefined}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    )
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {!loading && tableRows.length === 0 ? (
        <div className="empty-state" role="status">
          <h2>{empty.title}</h2>
          <p>{empty.hint}</p>
        </div>
      ) : null}
      {children}
    </>
  )
}
