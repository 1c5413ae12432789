import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { explain } from '../layout/explain-error'
import { Time } from '../time/time'
import { linkedDocumentQueries } from './linked-document-queries'
import { ReadingBadge } from './reading-badge'
import { documentReading, documentTypeLabel } from './reading-words'

export function LinkedDocuments({ kind, id }: { kind: 'shipment' | 'container'; id: string }) {
  const { data, error, isPending, refetch } = useQuery(linkedDocumentQueries.forEntity(kind, id))
  const titleId = `${kind}-documents-title`
  return (
    <section aria-labelledby={titleId} className="linked-documents">
      <h2 id={titleId}>Documents</h2>
      {error ? (
        <div className="error-panel" role="alert">
          <p>Couldn't load the documents: {explain(error).title}</p>
          <button type="button" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : isPending ? (
        <p aria-busy="true" className="muted">
          Loading documents…
        </p>
      ) : data.data.length === 0 ? (
        <p className="muted">
          No documents name this {kind} yet. Documents emailed to the account's inbound address are linked by
          the numbers read from them.
        </p>
      ) : (
        <ul className="document-list">
          {data.data.map((document) => {
            const a = document.attributes
            return (
              <li key={document.id}>
                <Link to={`/documents/${document.id}`}>{a.name ?? a.file_name ?? 'Document'}</Link>
                <span className="muted"> · {documentTypeLabel(a.document_type)} · </span>
                <ReadingBadge reading={documentReading(a.extraction_status, a.extraction_error)} />
                <span className="muted">
                  {' · '}
                  <Time value={a.created_at} />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
