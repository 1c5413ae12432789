import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { DocumentSchema } from '../../../contract/documents'
import { EMAIL_SUBMISSION_LIST } from '../../../contract/email-submission-list-query'
import { createIncludeGraph } from '../../api/include-graph'
import { pageInfo } from '../../api/pagination'
import { DataTable } from '../../components/data-table/data-table'
import { Pager } from '../../components/data-table/pager'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterBar } from '../../components/filters/filter-bar'
import { emailQueries, INBOX_VIEW, inboxParamsFrom, READING_CHOICES } from './email-queries'
import { InboundAddress } from './inbound-address'
import { type InboxRow, inboxColumns } from './inbox-columns'

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
  const { q } = params.filters
  const filtered = Object.keys(params.filters).length > 0
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">Email</h1>
      <InboundAddress />
      <FilterBar
        list={EMAIL_SUBMISSION_LIST}
        values={params.filters}
        supplied={{ reading: READING_CHOICES }}
        onApply={view.update}
        inline="apply"
      />
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
          hint: q
            ? `Nothing matches “${q}”. Try part of the subject, the sender's address or a file name.`
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
