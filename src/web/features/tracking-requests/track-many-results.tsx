import { Link } from 'react-router-dom'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import type { Outcome, Result } from './track-one'

const OUTCOME_WORDS: Record<Outcome, string> = {
  waiting: 'Waiting',
  started: 'Started',
  duplicate: 'Already tracked',
  failed: 'Failed',
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

export function TrackManyResults({ results }: { results: Result[] }) {
  const done = results.filter((r) => r.outcome !== 'waiting').length
  return (
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
  )
}
