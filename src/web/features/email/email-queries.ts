import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AnyResource } from '../../../contract/document'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../../contract/email-submissions'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'

export const READING_FILTERS = [
  { value: 'failed', label: 'Could not be read' },
  { value: 'reading', label: 'Still being read' },
  { value: 'done', label: 'All read' },
  { value: 'no_documents', label: 'No attachments' },
] as const

export const INBOX_VIEW = { sortFields: [] as const, filters: ['q', 'reading'] as const }

export type InboxParams = { q?: string; reading?: string; page: number; size: number }

export function inboxParamsFrom(search: URLSearchParams): InboxParams {
  const { filters, page, size } = readTableState(search, INBOX_VIEW)
  const reading = READING_FILTERS.some((f) => f.value === filters.reading) ? filters.reading : undefined
  return { q: filters.q, reading, page, size }
}

const whileReading = (query: { state: { data?: { included?: AnyResource[] } } }) =>
  query.state.data?.included?.some(
    (r) => r.type === 'document' && READING.has(String(r.attributes?.extraction_status ?? '')),
  )
    ? 3000
    : false
const READING = new Set(['pending', 'running'])

export const emailQueries = {
  all: () => ['email_submissions'] as const,
  list: (params: InboxParams) =>
    queryOptions({
      queryKey: [...emailQueries.all(), 'list', params],
      queryFn: ({ signal }) =>
        api.get('/email_submissions', EmailSubmissionListDocumentSchema, {
          include: ['documents'],
          params: {
            q: params.q,
            'filter[reading]': params.reading,
            'page[number]': params.page,
            'page[size]': params.size,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: whileReading,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...emailQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/email_submissions/${id}`, EmailSubmissionDocumentSchema, {
          include: ['documents', 'thread', 'reply_to'],
          signal,
        }),
      refetchInterval: whileReading,
    }),
}
