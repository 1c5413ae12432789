import { useRef, useState } from 'react'

type Progress = { done: number; total?: number } | undefined

export type ExportRun = (options: {
  onProgress: (done: number, total: number | undefined) => void
  cancelled: () => boolean
}) => Promise<number | undefined>

/** `run` loads the export code only once it starts; it answers the rows written, undefined when cancelled. */
export function ExportButton({
  run,
  noun,
  onCancel,
}: {
  run: ExportRun
  noun: string
  onCancel?: () => void
}) {
  const [progress, setProgress] = useState<Progress>()
  const [message, setMessage] = useState<string>()
  const cancelled = useRef(false)

  const start = async () => {
    cancelled.current = false
    setMessage(undefined)
    setProgress({ done: 0 })
    try {
      const count = await run({
        onProgress: (done, total) => setProgress({ done, total }),
        cancelled: () => cancelled.current,
      })
      if (count !== undefined) setMessage(`Exported ${count} ${noun}.`)
    } catch (error) {
      if (!cancelled.current)
        setMessage(`The export stopped: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setProgress(undefined)
    }
  }

  const cancel = () => {
    cancelled.current = true
    onCancel?.()
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
            {progress.total !== undefined ? ` of ${progress.total}` : ''} {noun}…
          </span>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" className="secondary" onClick={start}>
          Export CSV
        </button>
      )}
      <span role="status">{message}</span>
    </div>
  )
}
