import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { ApiError } from '../../api/api-error'
import { referenceQueries } from '../../api/reference-queries'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { showToast } from '../../components/toast/toasts'
import { type BulkLine, parseNumbers } from './bulk-numbers'
import { trackingRequestApi, trackingRequestQueries } from './tracking-request-queries'

type Outcome = 'waiting' | 'started' | 'duplicate' | 'failed'
type Result = BulkLine & { outcome: Outcome; words?: string; requestId?: string }

const TYPES: Record<string, 'container' | 'bill_of_lading' | 'booking_number'> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
}
const OUTCOME_WORDS: Record<Outcome, string> = {
  waiting: 'Waiting',
  started: 'Started',
  duplicate: 'Already tracked',
  failed: 'Failed',
}
// two at a time: quick, and well inside any rate limit
const AT_ONCE = 2

/** One number: its carrier detected (or the chosen fallback), then its tracking request. */
async function trackOne(line: BulkLine, fallback: string): Promise<Omit<Result, keyof BulkLine>> {
  try {
    const { data } = await trackingRequestApi.inferNumber(line.number)
    const guess = data.attributes.shipping_line
    const scac = guess?.decision === 'auto_select' && guess.selected ? guess.selected.scac : fallback
    if (!scac)
      return {
        outcome: 'failed',
        words: "Couldn't tell the carrier. Choose one for such numbers above, then try again.",
      }
    const request_type = TYPES[data.attributes.number_type ?? ''] ?? 'bill_of_lading'
    try {
      const created = await trackingRequestApi.create({
        data: { type: 'tracking_request', attributes: { request_number: line.number, request_type, scac } },
      })
      return { outcome: 'started', words: `Tracking with ${scac}`, requestId: created.data.id }
    } catch (error) {
      if (!(error instanceof ApiError && error.problems.some((p) => p.code === 'duplicate'))) throw error
      const existing = await trackingRequestApi.findExisting(line.number, scac).catch(() => undefined)
      return { outcome: 'duplicate', words: `Already tracked with ${scac}`, requestId: existing?.id }
    }
  } catch (error) {
    const words = error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error)
    return { outcome: 'failed', words }
  }
}

const COLUMNS: DataColumn<Result>[] = [
  { id: 'line', header: 'Line', width: 4, cell: (r) => r.line },
  {
    id: 'number',
    header: 'Number',
    width: 12,
    phone: 'title',
    cell: (r) => <span className="mono">{r.number}</span>,
  },
  {
    id: 'result',
    header: 'Result',
    cell: (r) => (
      <span className={`result-${r.outcome === 'duplicate' ? 'created' : r.outcome}`}>
        <strong>{OUTCOME_WORDS[r.outcome]}</strong>
        {r.words ? `: ${r.words}` : ''}
        {r.requestId ? (
          <>
            {' '}
            <Link to={`/tracking-requests/${r.requestId}`}>Open the request</Link>
          </>
        ) : null}
      </span>
    ),
  },
]

/** Many numbers at once, pasted or from a file, each checked and sent, with progress and a result a line. */
export function TrackMany({ unavailable }: { unavailable?: string }) {
  const queryClient = useQueryClient()
  const lines = useQuery(referenceQueries.shippingLines())
  const [text, setText] = useState('')
  const [fallback, setFallback] = useState('')
  const [results, setResults] = useState<Result[]>()
  const [running, setRunning] = useState(false)
  const parsed = useMemo(() => parseNumbers(text), [text])
  const flagged = parsed.filter((l) => l.problem).length
  const done = results?.filter((r) => r.outcome !== 'waiting').length ?? 0

  const run = async () => {
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

  return (
    <div className="form-page">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!running && !unavailable && parsed.length > 0) void run()
        }}
      >
        <label htmlFor="bulk-numbers">Numbers, one a line or as CSV</label>
        <p id="bulk-numbers-hint" className="hint">
          Bills of lading, bookings or container numbers; with CSV, the first column of each row.
        </p>
        <textarea
          id="bulk-numbers"
          aria-describedby="bulk-numbers-hint"
          rows={8}
          className="mono"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <label htmlFor="bulk-file">Or upload a CSV or text file</label>
        <input
          id="bulk-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={async (event) => {
            const file = event.target.files?.[0]
            if (file) setText(await file.text())
          }}
        />
        <label htmlFor="bulk-carrier">Carrier for numbers auto-detect can't tell</label>
        <select id="bulk-carrier" value={fallback} onChange={(event) => setFallback(event.target.value)}>
          <option value="">None: report them</option>
          {lines.data?.data.map((line) => (
            <option key={line.id} value={line.attributes.scac}>
              {line.attributes.name ?? line.attributes.scac} ({line.attributes.scac})
            </option>
          ))}
        </select>
        <p aria-live="polite">
          {parsed.length === 0
            ? 'No numbers yet.'
            : `${parsed.length} number${parsed.length === 1 ? '' : 's'} found${flagged ? `, ${flagged} with a problem that will not be sent` : ''}.`}
        </p>
        <div className="form-actions">
          <button type="submit" disabled={running || Boolean(unavailable) || parsed.length === 0}>
            {running
              ? 'Tracking…'
              : `Start tracking ${parsed.length - flagged} number${parsed.length - flagged === 1 ? '' : 's'}`}
          </button>
          {unavailable ? <span className="muted">{unavailable}</span> : null}
        </div>
      </form>
      {results ? (
        <section aria-labelledby="bulk-results-title">
          <h2 id="bulk-results-title">Results</h2>
          <p aria-live="polite">
            <progress aria-label="Tracking progress" value={done} max={results.length} /> {done} of{' '}
            {results.length} done
          </p>
          <DataTable
            label="Results"
            columns={COLUMNS}
            rows={results}
            rowId={(r) => String(r.line)}
            empty={{ title: 'No numbers', hint: 'Paste or upload some numbers.' }}
          />
        </section>
      ) : null}
    </div>
  )
}
