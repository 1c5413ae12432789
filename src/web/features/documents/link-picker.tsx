import { Link } from 'react-router-dom'
import { useWriteAccess } from '../../components/access/write-access'
import { LinkSearch } from './link-search'
import { type LinkControls, type LinkKind, type Links, useLinkChanges } from './use-link-changes'

function LinkedItem(props: {
  kind: LinkKind
  id: string
  to: string
  label: string
  controls: LinkControls
}) {
  const { kind, id, to, label, controls } = props
  return (
    <li>
      <Link to={to}>{label}</Link>{' '}
      {controls.canWrite ? (
        <button
          type="button"
          className="link-button small"
          disabled={controls.disabled}
          onClick={() => controls.change(kind, id, false)}
        >
          Unlink<span className="visually-hidden"> {label}</span>
        </button>
      ) : null}
    </li>
  )
}

/** The links are saved at once with PATCH. */
export function LinkPicker({ documentId, links }: { documentId: string; links: Links }) {
  const { canWrite } = useWriteAccess()
  const { change, isLinked, isPending } = useLinkChanges(documentId, links)
  const controls: LinkControls = { disabled: !canWrite || isPending, canWrite, change, isLinked }
  return (
    <section aria-labelledby="links-title">
      <h2 id="links-title">Linked to</h2>
      {links.shipments.length + links.containers.length === 0 ? (
        <p className="muted">No shipment or container of this account is linked yet.</p>
      ) : (
        <ul className="document-list">
          {links.shipments.map((s) => (
            <LinkedItem
              key={s.id}
              kind="shipments"
              id={s.id}
              to={`/shipments/${s.id}`}
              label={`Shipment ${s.attributes.bill_of_lading_number ?? s.id}`}
              controls={controls}
            />
          ))}
          {links.containers.map((c) => (
            <LinkedItem
              key={c.id}
              kind="containers"
              id={c.id}
              to={`/containers/${c.id}`}
              label={`Container ${c.attributes.number ?? c.id}`}
              controls={controls}
            />
          ))}
        </ul>
      )}
      <LinkSearch controls={controls} />
    </section>
  )
}
