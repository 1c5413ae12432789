import type { QueryClient } from '@tanstack/react-query'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { exportPages } from '../../components/data-table/csv'
import { CSV_HEADER, csvLine } from './csv-export'
import { type ShipmentListParams, shipmentQueries } from './shipment-queries'

/** Answers how many shipments it wrote, or undefined when `cancelled` said stop between pages. */
export function exportShipments({
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
  return exportPages({
    header: CSV_HEADER,
    name: `shipments-${new Date().toISOString().slice(0, 10)}.csv`,
    onProgress,
    cancelled,
    page: async (page) => {
      const document = await queryClient.fetchQuery(
        shipmentQueries.exportPage({ ...params, page, size: 100 }),
      )
      const graph = createIncludeGraph(document)
      return {
        lines: document.data.map((shipment) =>
          csvLine({ shipment, containers: graph.many(shipment, 'containers', ContainerSchema) }),
        ),
        total: document.meta?.total,
        more: Boolean(document.links?.next),
      }
    },
  })
}
