import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useMemo } from 'react'
import { DocumentSchema } from '../../../contract/documents'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterActions } from '../../components/filters/filter-actions'
import { emailQueries, INBOX_VIEW, inboxParamsFrom, READING_FILTERS } from './email-queries'
import { InboundAddress } from './inbound-address'
import { type InboxRow, inboxColumns } from './inbox-columns'

/** Inbound email, newest first: search and the reading filter in the URL, the account's address to copy. */
export function InboxPage() {
  const view = useTableUrlState(INBOX_VIEW)
  const params = inboxParamsFrom(view.search)
  const query = useQuery(emailQueries.list(params))
  const rows = useMemo<InboxRow[] | undefined>(() => {
    if (!query.data) return undefined
    const graph = createIncludeGraph(query.data)
    return query.data.data.map((submission) => ({
      submission,
      documents: graph.many(submission, 'documents', DocumentSchema),
    }))
  }, [query.data])
  const info = query.data ? pageInfo(query.data, params.size) : undefined
  const filtered = params.q !== undefined || params.reading !== undefined
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    view.setFilters({
      q: String(form.get('q') ?? '').trim() || undefined,
      reading: String(form.get('reading') ?? '') || undefined,
    })
  }
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">Email</h1>
      <InboundAddress />
      <search>
        <form className="filters" onSubmit={submit} key={`${params.q}|${params.reading}`}>
          <div className="toolbar">
            <label htmlFor="inbox-search">Search email</label>
            <input
              id="inbox-search"
              name="q"
              type="search"
              defaultValue={params.q}
              placeholder="Subject, sender or attachment name"
              data-search
            />
            <label htmlFor="inbox-reading">Attachments</label>
            <select id="inbox-reading" name="reading" defaultValue={params.reading ?? ''}>
              <option value="">Any</option>
              {READING_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <FilterActions
            active={filtered}
            onClear={() => view.setFilters({ q: undefined, reading: undefined })}
          />
        </form>
      </search>
      <p className="muted" aria-live="polite">
        {info?.total !== undefined
          ? `Showing ${rows?.length ?? 0} of ${info.total} emails${query.isFetching ? ' (updating…)' : ''}`
          : rows === undefined && !query.error
            ? 'Loading email…'
            : ''}
      </p>
      <DataTable
        label="Inbound email"
        columns={inboxColumns}
        rows={rows}
        rowId={(row) => row.submission.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: filtered ? 'No email matches' : 'No email yet',
          hint: params.q
            ? `Nothing matches “${params.q}”. Try part of the subject, the sender's address or a file name.`
            : filtered
              ? 'No email matches this filter. Clear it to see all email.'
              : 'Forward a carrier’s arrival notice or bill of lading to the address above and it shows here.',
        }}
      >
        <Pager info={info} size={params.size} onPage={view.setPage} onSize={view.setSize} />
      </DataTable>
    </section>
  )
}
