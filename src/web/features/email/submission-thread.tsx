import { Link } from 'react-router-dom'
import type { EmailSubmission } from '../../../contract/email-submissions'
import { Time } from '../../components/time/time'
import { senderWords } from './inbox-columns'

export function SubmissionThread({
  current,
  thread,
}: {
  current: EmailSubmission
  thread: EmailSubmission[]
}) {
  const others = thread.filter((s) => s.id !== current.id)
  if (others.length === 0) return null
  const all = thread.some((s) => s.id === current.id) ? thread : [...thread, current]
  return (
    <section aria-labelledby="thread-title">
      <h2 id="thread-title">Thread ({all.length} emails)</h2>
      <ol className="thread-list">
        {all.map((s) => (
          <li key={s.id}>
            {s.id === current.id ? (
              <span aria-current="page">
                <strong className="break-anywhere">{s.attributes.subject || '(no subject)'}</strong> (this
                email)
              </span>
            ) : (
              <Link to={`/email/${s.id}`} className="break-anywhere">
                {s.attributes.subject || '(no subject)'}
              </Link>
            )}
            <span className="muted">
              {' · '}
              {senderWords(s.attributes.from)} ·{' '}
              <Time value={s.attributes.sent_at ?? s.attributes.created_at} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
