import { Link } from 'react-router-dom'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { ConnectForm } from './connect-form'
import { ConnectionsTable } from './connections-table'

export function ConnectionsPage() {
  const { canWrite, reason } = useWriteAccess('admin')
  return (
    <section aria-labelledby="connections-title" className="form-page">
      <p>
        <Link to="/settings">Settings</Link>
      </p>
      <h1 id="connections-title">Connection</h1>
      <p className="muted">
        Connect a Terminal49 account with its API key. Quayside checks the key, keeps its own copy of the
        account (shipments, containers, events, parties, custom fields) current by webhook and by a reconciler
        that stays under the upstream's rate limit, and sends changes there first. The connected account is
        signed in to with its own key.
      </p>
      <ReadOnlyNotice
        least="admin"
        action="Connecting, replacing keys and disconnecting"
        more="You can still see each connection's state below."
      />
      <h2>Connect an account</h2>
      <ConnectForm unavailable={canWrite ? undefined : `Not available: ${reason}`} />
      <h2>Connected accounts</h2>
      <ConnectionsTable canWrite={canWrite} />
    </section>
  )
}
