import './charges.css'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { serviceNow } from '../../api/service-clock'
import { DataTable } from '../../components/data-table/data-table'
import { ExportButton } from '../../components/data-table/export-button'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { formatLocalDate } from '../../components/time/format-time'
import { chargeLines } from './charge-lines'
import { ChargesChart } from './charges-chart'
import { chargesColumns } from './charges-columns'
import { ChargesControls } from './charges-controls'
import { chargesParamsFrom, periodProblem } from './charges-period'
import { chargesQueries } from './charges-queries'

const CHARGES_VIEW = { sortFields: [], filters: ['group', 'period', 'from', 'to'] } as const

/** Demurrage and detention per customer or terminal over a period: a chart to look at, a table to read. */
export function ChargesPage() {
  const view = useTableUrlState(CHARGES_VIEW)
  const params = chargesParamsFrom(view.search, serviceNow())
  const valid = periodProblem(params.from, params.to) === undefined
  const query = useQuery({ ...chargesQueries.summary(params), enabled: valid })
  const lines = useMemo(() => (query.data ? chargeLines(query.data) : undefined), [query.data])
  const noun = params.group === 'customer' ? 'customer' : 'terminal'
  const period = `${formatLocalDate(params.from, 'UTC')} – ${formatLocalDate(params.to, 'UTC')}`
  return (
    <section aria-labelledby="charges-title" className="charges-page">
      <div className="title-bar">
        <h1 id="charges-title">Charges</h1>
        {lines && lines.length > 0 ? (
          <ExportButton
            noun="rows"
            run={async (progress) => (await import('./charges-csv')).exportCharges(params, lines, progress)}
          />
        ) : null}
      </div>
      <ChargesControls params={params} onChange={view.update} />
      <p className="muted" aria-live="polite">
        {!valid
          ? ''
          : lines
            ? `Per ${noun}, ${period}${query.isFetching ? ' (updating…)' : ''}`
            : query.error
              ? ''
              : 'Loading charges…'}
      </p>
      {lines ? <ChargesChart lines={lines} groupNoun={noun} /> : null}
      <DataTable
        label={`Charges per ${noun}, ${period}`}
        columns={chargesColumns(params.group)}
        rows={valid ? lines : []}
        rowId={(line) => line.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: valid ? 'No charges in this period' : 'Choose a period that can be counted',
          hint: valid
            ? 'No container had days past its free time in these dates. Try a longer period.'
            : 'Fix the period above.',
        }}
      />
      {query.data ? (
        <ul className="charges-notes muted">
          {query.data.meta.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
