import type { QueryClient } from '@tanstack/react-query'
import { exportPages } from '../../components/data-table/csv'
import { BOARD_CSV_HEADER, boardCsvLine } from './board-csv'
import { type BoardParams, boardQueries } from './board-queries'
import { boardRows } from './board-rows'
import { tabLabel } from './board-tabs'

export function exportBoard({
  queryClient,
  params,
  onProgress,
  cancelled,
}: {
  queryClient: QueryClient
  params: BoardParams
  onProgress: (done: number, total: number | undefined) => void
  cancelled: () => boolean
}) {
  const view = tabLabel(params.tab, params.days)
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
  return exportPages({
    header: BOARD_CSV_HEADER,
    name: `containers-${view}-${new Date().toISOString().slice(0, 10)}.csv`,
    onProgress,
    cancelled,
    page: async (page) => {
      const document = await queryClient.fetchQuery(boardQueries.exportPage({ ...params, page, size: 100 }))
      return {
        lines: boardRows(document).map(boardCsvLine),
        total: document.meta?.total,
        more: Boolean(document.links?.next),
      }
    },
  })
}
