import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { showToast } from '../../components/toast/toasts'
import type { BulkLine } from './bulk-numbers'
import { type Result, trackOne } from './track-one'
import { trackingRequestQueries } from './tracking-request-queries'

// two at a time: quick, and well inside any rate limit
const AT_ONCE = 2

/** Sends every sound line, two at a time, a result a line as each comes back; a toast sums it up. */
export function useTrackMany() {
  const queryClient = useQueryClient()
  const [results, setResults] = useState<Result[]>()
  const [running, setRunning] = useState(false)
  const run = async (parsed: BulkLine[], fallback: string) => {
    setRunning(true)
    let current: Result[] = parsed.map((l) =>
      l.problem ? { ...l, outcome: 'failed', words: l.problem } : { ...l, outcome: 'waiting' },
    )
    setResults(current)
    const queue = current.filter((r) => r.outcome === 'waiting')
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const line = next
        const outcome = await trackOne(line, fallback)
        current = current.map((r) => (r.line === line.line ? { ...r, ...outcome } : r))
        setResults(current)
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
    setRunning(false)
    void queryClient.invalidateQueries({ queryKey: trackingRequestQueries.all() })
    const started = current.filter((r) => r.outcome === 'started').length
    const failed = current.filter((r) => r.outcome === 'failed').length
    showToast({
      tone: failed > 0 ? 'failed' : 'done',
      text: `Started tracking ${started} of ${current.length} numbers${failed ? `; ${failed} failed` : ''}.`,
    })
  }
  return { results, running, run }
}
