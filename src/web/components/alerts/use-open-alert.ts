import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Alert } from '../../../contract/alerts'
import { alertInboxApi, alertInboxQueries } from './alert-inbox-queries'

/** Opening an unread alert marks it read; the link goes on whether or not that call succeeds. */
export function useOpenAlert() {
  const queryClient = useQueryClient()
  return useCallback(
    (alert: Alert) => {
      if (alert.attributes.read_at) return
      void alertInboxApi
        .markRead(alert.id)
        .catch(() => undefined)
        .then(() => queryClient.invalidateQueries({ queryKey: alertInboxQueries.all() }))
    },
    [queryClient],
  )
}
