import { useQueryClient } from '@tanstack/react-query'
import type { ComponentProps } from 'react'
import { ColumnChooser } from '../../components/data-table/column-chooser'
import { ExportButton } from '../../components/data-table/export-button'
import { type ShipmentListParams, shipmentQueries } from './shipment-queries'

export function ShipmentsListBar({
  status,
  columns,
  params,
}: {
  status: string
  columns: ComponentProps<typeof ColumnChooser>
  params: ShipmentListParams
}) {
  const queryClient = useQueryClient()
  return (
    <div className="list-bar">
      <p className="muted" aria-live="polite">
        {status}
      </p>
      <ColumnChooser {...columns} />
      <ExportButton
        noun="shipments"
        run={async (progress) =>
          (await import('./shipments-export')).exportShipments({ queryClient, params, ...progress })
        }
        onCancel={() => void queryClient.cancelQueries({ queryKey: [...shipmentQueries.all(), 'export'] })}
      />
    </div>
  )
}
