import { useQuery } from '@tanstack/react-query'
import { sessionQuery } from '../../api/session'

export function useWriteAccess() {
  const { data } = useQuery(sessionQuery)
  if (data?.access !== 'read-only') return { canWrite: true, reason: undefined }
  return { canWrite: false, reason: data.demo ? 'this demo is read-only' : 'your API key is read-only' }
}

export function ReadOnlyNotice({ id, action, more }: { id?: string; action: string; more?: string }) {
  const { canWrite, reason } = useWriteAccess()
  if (canWrite) return null
  return (
    <p id={id} className="read-only-notice" role="note">
      {action} is not available: {reason}.{more ? ` ${more}` : ''}
    </p>
  )
}
