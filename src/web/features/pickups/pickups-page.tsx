import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { pageInfo } from '../../api/pagination'
import { serviceNow } from '../../api/service-clock'
import { DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { pickupColumns } from './pickup-columns'
import { PICKUP_DAYS, type PickupDay, pickupQueries } from './pickup-queries'
import { pickupRows } from './pickup-rows'

const VIEW = { sortFields: ['appointment'] as const, filters: ['day'] as const }
const DAY_WORDS: Record<PickupDay, string> = {
  both: 'Today and tomorrow',
  today: 'Today',
  tomorrow: 'Tomorrow',
}

/** What is due by appointment today and tomorrow, each in its port's own calendar. */
export function PickupsPage() {
  const view = useTableUrlState(VIEW)
  const day = (PICKUP_DAYS as readonly string[]).includes(view.filters.day ?? '')
    ? (view.filters.day as PickupDay)
    : 'both'
  const descending = view.sort?.descending ?? false
  const now = serviceNow()
  const params = { day, descending, page: view.page, size: view.size }
  const query = useQuery(pickupQueries.list(params, now))
  const rows = useMemo(
    () => (query.data ? pickupRows(query.data, serviceNow(), day) : undefined),
    [query.data, day],
  )
  const info = query.data ? pageInfo(query.data, view.size) : undefined
  return (
    <section aria-labelledby="pickups-title">
      <h1 id="pickups-title">Pickup &amp; delivery</h1>
      <div className="field inline">
        <label htmlFor="pickup-day">Due</label>
        <select
          id="pickup-day"
          value={day}
          onChange={(e) => view.setFilters({ day: e.target.value === 'both' ? undefined : e.target.value })}
        >
          {PICKUP_DAYS.map((value) => (
            <option key={value} value={value}>
              {DAY_WORDS[value]}
            </option>
          ))}
        </select>
      </div>
      <p className="muted" aria-live="polite">
        {rows
          ? `${DAY_WORDS[day]}: ${rows.length} by appointment, in each port's own time`
          : query.error
            ? ''
            : 'Loading appointments…'}
      </p>
      <DataTable
        label={`Due by appointment: ${DAY_WORDS[day].toLowerCase()}`}
        columns={pickupColumns}
        rows={rows}
        rowId={(row) => row.container.id}
        sort={{ field: 'appointment', descending }}
        onSort={() => view.update({ sort: descending ? undefined : '-appointment', page: undefined })}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: `Nothing due by appointment: ${DAY_WORDS[day].toLowerCase()}`,
          hint: 'Set a pickup, delivery or empty return appointment on a container to see it here.',
        }}
      >
        <Pager info={info} size={view.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
