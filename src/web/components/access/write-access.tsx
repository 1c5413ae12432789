import { useQuery } from '@tanstack/react-query'
import { sessionQuery } from '../../api/session'

/** Whether this browser may make changes and, when it may not, why, in words. */
export function useWriteAccess() {
  const { data } = useQuery(sessionQuery)
  if (data?.access !== 'read-only') return { canWrite: true, reason: undefined }
  return { canWrite: false, reason: data.demo ? 'this demo is read-only' : 'your API key is read-only' }
}

/** Says that `action` (such as "Stopping tracking") is unavailable and why; nothing when it is available. */
export function ReadOnlyNotice({ id, action, more }: { id?: string; action: string; more?: string }) {
  const { canWrite, reason } = useWriteAccess()
  if (canWrite) return null
  return (
    <p id={id} className="read-only-notice" role="note">
      {action} is not available: {reason}.{more ? ` ${more}` : ''}
    </p>
  )
}
