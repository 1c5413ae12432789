import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AnyResource } from '../../../contract/document'
import {
  EMAIL_SUBMISSION_LIST,
  type SUBMISSION_READING_FILTERS,
} from '../../../contract/email-submission-list-query'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../../contract/email-submissions'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'

/** The reading filter's choices in words. */
export const READING_CHOICES = [
  { value: 'failed', label: 'Could not be read' },
  { value: 'reading', label: 'Still being read' },
  { value: 'done', label: 'All read' },
  { value: 'no_documents', label: 'No attachments' },
] satisfies { value: (typeof SUBMISSION_READING_FILTERS)[number]; label: string }[]

/** The inbox's view in the URL: the contract's search and reading filter, page and size. */
export const INBOX_VIEW = {
  sortFields: [],
  filters: Object.keys(EMAIL_SUBMISSION_LIST.filters),
  page: EMAIL_SUBMISSION_LIST.page,
}

export type InboxParams = { filters: FilterValues; page: number; size: number }

export function inboxParamsFrom(search: URLSearchParams): InboxParams {
  const { page, size } = readTableState(search, INBOX_VIEW)
  return { filters: filterValuesFrom(EMAIL_SUBMISSION_LIST, search), page, size }
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
            ...apiFilters(EMAIL_SUBMISSION_LIST, params.filters),
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
