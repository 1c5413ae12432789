import { Link } from 'react-router-dom'
import type { Document } from '../../../contract/documents'
import { ReadingBadge } from '../../components/documents/reading-badge'
import { documentReading, documentTypeLabel } from '../../components/documents/reading-words'

const size = (bytes: number | null | undefined) =>
  bytes == null
    ? ''
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 ** 2
        ? `${Math.round(bytes / 1024)} KB`
        : `${(bytes / 1024 ** 2).toFixed(1)} MB`

export function SubmissionDocuments({ documents, count }: { documents: Document[]; count: number }) {
  return (
    <section aria-labelledby="submission-documents-title">
      <h2 id="submission-documents-title">Documents</h2>
      {documents.length === 0 ? (
        <p className="muted">
          {count > 0 ? `${count} documents, not listed by this server.` : 'This email brought no documents.'}
        </p>
      ) : (
        <ul className="document-list">
          {documents.map((document) => {
            const a = document.attributes
            return (
              <li key={document.id}>
                <Link to={`/documents/${document.id}`} className="break-anywhere">
                  {a.name ?? a.file_name ?? 'Document'}
                </Link>
                <span className="muted">
                  {' · '}
                  {documentTypeLabel(a.document_type)} · {size(a.file_size_bytes)} ·{' '}
                </span>
                <ReadingBadge reading={documentReading(a.extraction_status, a.extraction_error)} />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
