import { ContainerSchema } from '../../../contract/containers'
import { containerState } from '../../components/status/container-state'

function containersIn(payload: unknown) {
  const included = (payload as { included?: unknown } | null)?.included
  if (!Array.isArray(included)) return []
  return included.flatMap((resource) => {
    const parsed = ContainerSchema.safeParse(resource)
    return parsed.success && parsed.data.type === 'container' ? [parsed.data] : []
  })
}

/** In the state words every other surface uses (`containerState`), as of when it was written. */
export function PayloadWords({ payload, at }: { payload: unknown; at: string | null | undefined }) {
  const containers = containersIn(payload)
  if (containers.length === 0) return null
  const when = at ? new Date(at) : new Date()
  return (
    <ul aria-label="What it says" className="payload-words">
      {containers.map((c) => (
        <li key={c.id}>
          <strong>{c.attributes.number}</strong>: {containerState(c.attributes, {}, when).headline}
        </li>
      ))}
    </ul>
  )
}
