import type { QueryClient } from '@tanstack/react-query'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { csvHeader, csvLine } from './csv-export'
import { type ShipmentListParams, shipmentQueries } from './shipment-queries'

const PAGE = 100

const download = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Fetches every page of the filtered view and downloads it as CSV; answers how many shipments it wrote,
 * or undefined when `cancelled` said stop between pages.
 */
export async function exportShipments({
  queryClient,
  params,
  onProgress,
  cancelled,
}: {
  queryClient: QueryClient
  params: ShipmentListParams
  onProgress: (done: number, total: number | undefined) => void
  cancelled: () => boolean
}) {
  const lines = [csvHeader()]
  for (let page = 1; ; page++) {
    const document = await queryClient.fetchQuery(shipmentQueries.exportPage({ ...params, page, size: PAGE }))
    if (cancelled()) return undefined
    const graph = createIncludeGraph(document)
    for (const shipment of document.data)
      lines.push(csvLine({ shipment, containers: graph.many(shipment, 'containers', ContainerSchema) }))
    const total = document.meta?.total
    onProgress(lines.length - 1, total)
    const more = total !== undefined ? lines.length - 1 < total : Boolean(document.links?.next)
    if (!more || document.data.length === 0) break
  }
  download(`${lines.join('\r\n')}\r\n`, `shipments-${new Date().toISOString().slice(0, 10)}.csv`)
  return lines.length - 1
}
