import { LIST_PAGE, listFilter, listQuery } from './list-query'
import { anyText, oneOfValue } from './query-values'

/** How far reading an email's attachments has got, as `filter[reading]` names it (a Quayside extension). */
export const SUBMISSION_READING_FILTERS = ['failed', 'reading', 'done', 'no_documents'] as const

/** `GET /v2/email_submissions`: the search and the reading filter, under the dashboard's names. */
export const EMAIL_SUBMISSION_LIST = listQuery({
  filters: {
    q: listFilter({
      param: 'q',
      label: 'Search email',
      value: anyText,
      input: { kind: 'search', placeholder: 'Subject, sender or attachment name' },
    }),
    reading: listFilter({
      param: 'filter[reading]',
      label: 'Attachments',
      value: oneOfValue(SUBMISSION_READING_FILTERS),
      input: { kind: 'supplied', any: 'Any' },
    }),
  },
  sorts: [],
  page: LIST_PAGE,
})
