import { Link, useParams } from 'react-router-dom'
import { DocumentSchema } from '../../../contract/documents'
import { EmailSubmissionSchema } from '../../../contract/email-submissions'
import { useRecord } from '../../api/use-record'
import { useUrlParam } from '../../components/layout/use-url-param'
import { Time } from '../../components/time/time'
import { EmailBody } from './email-body'
import { emailQueries } from './email-queries'
import { SubmissionDocuments } from './submission-documents'
import { SubmissionThread } from './submission-thread'

const addresses = (list: string[] | null | undefined) => (list?.length ? list.join(', ') : '—')

export function SubmissionPage() {
  const { id = '' } = useParams()
  const [images, setImages] = useUrlParam('images')
  const [view, setView] = useUrlParam('view')
  const loaded = useRecord(emailQueries.detail(id))
  if (!loaded) return <p aria-busy="true">Loading email…</p>
  const { record: submission, graph } = loaded
  const a = submission.attributes
  const documents = graph.many(submission, 'documents', DocumentSchema)
  const thread = graph.many(submission, 'thread', EmailSubmissionSchema)
  return (
    <article aria-labelledby="submission-title">
      <p>
        <Link to="/email">← Email</Link>
      </p>
      <h1 id="submission-title" className="break-anywhere">
        {a.subject || '(no subject)'}
      </h1>
      <dl className="facts email-headers">
        <div>
          <dt>From</dt>
          <dd className="break-anywhere">{addresses(a.from)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd className="break-anywhere">{addresses(a.to)}</dd>
        </div>
        {a.cc?.length ? (
          <div>
            <dt>Cc</dt>
            <dd className="break-anywhere">{addresses(a.cc)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Sent</dt>
          <dd>
            <Time value={a.sent_at} />
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <Time value={a.created_at} />
          </dd>
        </div>
        {a.message_id ? (
          <div>
            <dt>Message ID</dt>
            <dd className="mono break-anywhere">{a.message_id}</dd>
          </div>
        ) : null}
      </dl>
      <SubmissionDocuments documents={documents} count={Number(a.documents_count ?? documents.length)} />
      <EmailBody
        html={a.html_body}
        text={a.body}
        showRemote={images === 'shown'}
        onShowRemote={() => setImages('shown')}
        view={view === 'text' ? 'text' : 'html'}
        onView={(next) => setView(next === 'text' ? 'text' : undefined)}
      />
      <SubmissionThread current={submission} thread={thread} />
    </article>
  )
}
