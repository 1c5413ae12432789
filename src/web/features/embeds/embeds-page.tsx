import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { EmbedToken } from '../../../contract/embed-tokens'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { EmbedForm } from './embed-form'
import { EmbedPreview } from './embed-preview'
import { embedSnippets } from './embed-snippets'
import { EmbedTokensTable } from './embed-tokens-table'

const VIEWS = ['summary', 'containers', 'timeline'] as const

/** Shown once. */
function NewToken({ token, reload }: { token: EmbedToken; reload: number }) {
  const [view, setView] = useState<(typeof VIEWS)[number]>('containers')
  const raw = token.attributes.token ?? ''
  const snippets = embedSnippets(window.location.origin, raw, view)
  return (
    <section aria-labelledby="new-token-title">
      <h2 id="new-token-title">“{token.attributes.name}” is ready</h2>
      <p>Copy the token now: it is shown only this once and kept only as a hash.</p>
      <label>
        The new token
        <input className="mono snippet" readOnly value={raw} onFocus={(event) => event.target.select()} />
      </label>
      <label>
        View{' '}
        <select value={view} onChange={(event) => setView(event.target.value as (typeof VIEWS)[number])}>
          {VIEWS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        For a page that runs scripts
        <textarea className="mono snippet" readOnly rows={3} value={snippets.element} />
      </label>
      <label>
        For a page that can only frame
        <textarea className="mono snippet" readOnly rows={8} value={snippets.frame} />
      </label>
      <h3>Preview</h3>
      <p className="muted small">The real widget with this token, as the listed sites will show it.</p>
      <EmbedPreview token={raw} view={view} reload={reload} />
    </section>
  )
}

export function EmbedsPage() {
  const { canWrite, reason } = useWriteAccess('admin')
  const [created, setCreated] = useState<EmbedToken>()
  const [reload, setReload] = useState(0)
  return (
    <section aria-labelledby="embeds-title" className="form-page">
      <p>
        <Link to="/settings">Settings</Link>
      </p>
      <h1 id="embeds-title">Customer embeds</h1>
      <p className="muted">
        Put tracking on a customer's own site without an API key in the page: each token shows only the
        shipments and fields you choose, only on the sites you list, until it expires or you revoke it.
      </p>
      <ReadOnlyNotice
        least="admin"
        action="Creating and revoking embed tokens"
        more="You can still see the tokens below, when they were last used and how often."
      />
      <h2>Create a token</h2>
      <EmbedForm unavailable={canWrite ? undefined : `Not available: ${reason}`} onCreated={setCreated} />
      {created && <NewToken token={created} reload={reload} />}
      <h2>Tokens</h2>
      <EmbedTokensTable
        canWrite={canWrite}
        onRevoked={(id) => {
          if (id === created?.id) setReload((n) => n + 1)
        }}
      />
    </section>
  )
}
