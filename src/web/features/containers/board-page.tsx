import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useRef } from 'react'
import { BOARD_LIST } from '../../../contract/container-board-query'
import { pageInfo } from '../../api/pagination'
import { DataTable } from '../../components/data-table/data-table'
import { ExportButton } from '../../components/data-table/export-button'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterPanel } from '../../components/filters/filter-panel'
import { filtersActive } from '../../components/filters/list-url'
import { boardColumns } from './board-columns'
import { BOARD_VIEW, boardParamsFrom, boardQueries } from './board-queries'
import { boardRows } from './board-rows'
import { BoardTabs, tabLabel } from './board-tabs'

const EMPTY_HINTS: Record<string, string> = {
  attention:
    'Nothing overdue, no hold close to its last free day, no fees running. Check On hold or Arriving this week.',
  on_hold: 'No container is on hold. Holds appear here once a terminal reports them.',
  available: 'Nothing is waiting for pickup right now.',
  lfd_soon: 'No last free day falls in this window. Try a longer one.',
  overdue: 'Nothing is past its last free day.',
  arriving: 'No vessel is due at a discharge port this week.',
  done: 'Nothing has been picked up or returned yet.',
}

/** Every tab's count comes from the same answer. */
export function BoardPage() {
  const view = useTableUrlState(BOARD_VIEW)
  const params = boardParamsFrom(view.search)
  const queryClient = useQueryClient()
  const query = useQuery(boardQueries.list(params))
  const data = useDeferredValue(query.data)
  const rows = useMemo(() => (data ? boardRows(data) : undefined), [data])
  const info = data ? pageInfo(data, params.size) : undefined
  const counts = data?.meta?.tab_counts
  // terminals seen so far offer themselves as a filter
  const seen = useRef(new Map<string, { value: string; label: string }>())
  for (const row of rows ?? [])
    if (row.terminal?.attributes.name)
      seen.current.set(row.terminal.id, { value: row.terminal.id, label: row.terminal.attributes.name })
  const terminals = [...seen.current.values()].sort((a, b) => a.label.localeCompare(b.label))
  const filtered = filtersActive(BOARD_LIST, params.filters)
  const label = tabLabel(params.tab, params.days)

  return (
    <section aria-labelledby="board-title">
      <div className="title-bar">
        <h1 id="board-title">Container board</h1>
        <ExportButton
          noun="containers"
          run={async (progress) =>
            (await import('./board-export')).exportBoard({ queryClient, params, ...progress })
          }
          onCancel={() => void queryClient.cancelQueries({ queryKey: [...boardQueries.all(), 'export'] })}
        />
      </div>
      <BoardTabs
        tab={params.tab}
        days={params.days}
        counts={counts}
        search={view.search}
        onDays={(days) => view.update({ days: String(days), tab: 'lfd_soon', page: undefined })}
      />
      <FilterPanel
        list={BOARD_LIST}
        values={params.filters}
        supplied={{ terminal: terminals }}
        onApply={view.update}
      />
      <p className="muted" aria-live="polite">
        {info?.total !== undefined
          ? `${label}: showing ${rows?.length ?? 0} of ${info.total} containers${query.isFetching ? ' (updating…)' : ''}`
          : rows === undefined && !query.error
            ? 'Loading containers…'
            : ''}
      </p>
      {data && !counts ? (
        <div className="banner banner-warning" role="status">
          This server does not sort containers into the board’s tabs, so every container is listed.
        </div>
      ) : null}
      <DataTable
        label={`Containers: ${label}`}
        columns={boardColumns}
        rows={rows}
        rowId={(row) => row.container.id}
        sort={params.sort}
        onSort={view.toggleSort}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: filtered ? 'No container matches these filters' : `No containers: ${label.toLowerCase()}`,
          hint: filtered ? 'Try removing a filter, or clear them all.' : EMPTY_HINTS[params.tab],
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
