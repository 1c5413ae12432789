import { Link } from 'react-router-dom'
import type { Alert } from '../../../contract/alerts'
import { Time } from '../time/time'
import { alertDestination } from './alert-inbox-queries'

/** Unread is said in words ("New") and weight, never by colour alone. */
export function AlertSummary({ alert, onOpen }: { alert: Alert; onOpen: (alert: Alert) => void }) {
  const a = alert.attributes
  const unread = !a.read_at
  const reference = [a.container_number, a.customer_name].filter(Boolean).join(' · ')
  return (
    <Link to={alertDestination(alert)} onClick={() => onOpen(alert)} className={unread ? 'alert-unread' : ''}>
      <span className="alert-title">
        {unread ? <span className="badge alert-new">New</span> : null}
        {a.title}
      </span>
      <span className="small muted alert-meta">
        {reference ? <span className="mono">{reference}</span> : null}
        {reference ? ' · ' : null}
        <Time value={a.fired_at} zone={a.time_zone} />
      </span>
    </Link>
  )
}
