import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { type ShipmentListParams, shipmentQueries } from './shipment-queries'

type Progress = { done: number; total?: number } | undefined

/** Exports every page of the filtered view as CSV, with progress and a Cancel. */
export function ExportButton({ params }: { params: ShipmentListParams }) {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<Progress>()
  const [message, setMessage] = useState<string>()
  const cancelled = useRef(false)

  const run = async () => {
    cancelled.current = false
    setMessage(undefined)
    setProgress({ done: 0 })
    try {
      // the CSV code loads on the first export, not with the list
      const { exportShipments } = await import('./shipments-export')
      const count = await exportShipments({
        queryClient,
        params,
        onProgress: (done, total) => setProgress({ done, total }),
        cancelled: () => cancelled.current,
      })
      if (count !== undefined) setMessage(`Exported ${count} shipments.`)
    } catch (error) {
      if (!cancelled.current)
        setMessage(`The export stopped: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setProgress(undefined)
    }
  }

  const cancel = () => {
    cancelled.current = true
    void queryClient.cancelQueries({ queryKey: [...shipmentQueries.all(), 'export'] })
    setProgress(undefined)
    setMessage('Export cancelled.')
  }

  return (
    <div className="export">
      {progress ? (
        <>
          <progress aria-label="Export progress" value={progress.done} max={progress.total ?? undefined} />
          <span>
            Exporting {progress.done}
            {progress.total !== undefined ? ` of ${progress.total}` : ''} shipments…
          </span>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" className="secondary" onClick={run}>
          Export CSV
        </button>
      )}
      <span role="status">{message}</span>
    </div>
  )
}
