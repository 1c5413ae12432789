import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { referenceQueries } from '../../api/reference-queries'
import { parseNumbers } from './bulk-numbers'
import { TrackManyResults } from './track-many-results'
import { useTrackMany } from './use-track-many'

export function TrackMany({ unavailable }: { unavailable?: string }) {
  const lines = useQuery(referenceQueries.shippingLines())
  const [text, setText] = useState('')
  const [fallback, setFallback] = useState('')
  const { results, running, run } = useTrackMany()
  const parsed = useMemo(() => parseNumbers(text), [text])
  const flagged = parsed.filter((l) => l.problem).length

  return (
    <div className="form-page">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!running && !unavailable && parsed.length > 0) void run(parsed, fallback)
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
      {results ? <TrackManyResults results={results} /> : null}
    </div>
  )
}
