import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ContainerSchema } from '../../../contract/containers'
import { createIncludeGraph } from '../../api/include-graph'
import { csvHeader, csvLine } from './csv-export'
import { type ShipmentListParams, shipmentQueries } from './shipment-queries'

type Progress = { done: number; total?: number } | undefined

const PAGE = 100

const download = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

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
    const lines = [csvHeader()]
    try {
      for (let page = 1; ; page++) {
        const document = await queryClient.fetchQuery(
          shipmentQueries.exportPage({ ...params, page, size: PAGE }),
        )
        if (cancelled.current) return
        const graph = createIncludeGraph(document)
        for (const shipment of document.data)
          lines.push(csvLine({ shipment, containers: graph.many(shipment, 'containers', ContainerSchema) }))
        const total = document.meta?.total
        setProgress({ done: lines.length - 1, total })
        const more = total !== undefined ? lines.length - 1 < total : Boolean(document.links?.next)
        if (!more || document.data.length === 0) break
      }
      download(`${lines.join('\r\n')}\r\n`, `shipments-${new Date().toISOString().slice(0, 10)}.csv`)
      setMessage(`Exported ${lines.length - 1} shipments.`)
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
