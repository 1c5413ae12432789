import { Link } from 'react-router-dom'
import type { Document } from '../../../contract/documents'
import type { EmailSubmission } from '../../../contract/email-submissions'
import type { DataColumn } from '../../components/data-table/data-table'
import { ReadingBadge } from '../../components/documents/reading-badge'
import { submissionReading } from '../../components/documents/reading-words'
import { Time } from '../../components/time/time'

export type InboxRow = { submission: EmailSubmission; documents: Document[] }

export const senderWords = (from: string[] | null | undefined) =>
  !from?.length ? 'Unknown sender' : from.length > 1 ? `${from[0]} and ${from.length - 1} more` : from[0]

export const inboxColumns: DataColumn<InboxRow>[] = [
  {
    id: 'subject',
    header: 'Subject',
    width: 18,
    phone: 'title',
    cell: ({ submission }) => (
      <Link to={`/email/${submission.id}`}>{submission.attributes.subject || '(no subject)'}</Link>
    ),
  },
  {
    id: 'from',
    header: 'From',
    width: 14,
    cell: ({ submission }) => (
      <span className="break-anywhere">{senderWords(submission.attributes.from)}</span>
    ),
  },
  {
    id: 'received',
    header: 'Received',
    width: 10,
    cell: ({ submission }) => (
      <Time value={submission.attributes.created_at ?? submission.attributes.sent_at} />
    ),
  },
  {
    id: 'documents',
    header: 'Documents',
    width: 6,
    cell: ({ submission }) => Number(submission.attributes.documents_count ?? 0),
  },
  {
    id: 'reading',
    header: 'Reading',
    width: 10,
    cell: ({ submission, documents }) => (
      <ReadingBadge
        reading={submissionReading(
          documents.map((d) => d.attributes.extraction_status),
          Number(submission.attributes.documents_count ?? documents.length),
        )}
      />
    ),
  },
]
