import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ROLE_LABELS } from '../../../contract/roles'
import type { Session } from '../../../contract/session'
import { personSession } from '../../api/person-session'

/** Every list on screen was read as the person viewed, so stopping reloads them all. */
export function ViewAsBanner({ session }: { session?: Session }) {
  const queryClient = useQueryClient()
  const [stopping, setStopping] = useState(false)
  const viewed = session?.viewingAs
  if (!viewed) return null
  const stop = async () => {
    setStopping(true)
    await personSession.stopViewing().catch(() => undefined)
    await queryClient.resetQueries()
    setStopping(false)
  }
  return (
    <div className="banner banner-warning view-as-banner" role="status">
      Viewing as {viewed.name} ({ROLE_LABELS[viewed.role]}) — read-only{' '}
      <button type="button" className="secondary" onClick={stop} disabled={stopping}>
        {stopping ? 'Stopping…' : 'Stop viewing'}
      </button>
    </div>
  )
}
