import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { AlertInboxDocumentSchema } from '../../../contract/alerts'
import { alertBellQuery } from './alert-bell-query'
import { alertInboxApi, alertInboxQueries } from './alert-inbox-queries'
import { AlertSummary } from './alert-summary'
import { useOpenAlert } from './use-open-alert'

/** Loaded when the bell is first opened: the count is all every page needs. */
export function AlertBellPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const bell = useQuery({ ...alertBellQuery, select: (document) => AlertInboxDocumentSchema.parse(document) })
  const openAlert = useOpenAlert()
  const readAll = useMutation({
    mutationFn: () => alertInboxApi.readAll(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertInboxQueries.all() }),
  })
  const count = bell.data?.meta?.unread_count
  const alerts = bell.data?.data ?? []
  return (
    <>
      <button
        type="button"
        className="link-button alert-read-all"
        // aria-disabled, not disabled: the focus stays on the button once everything is read
        aria-disabled={!count || readAll.isPending}
        onClick={() => {
          if (count && !readAll.isPending) readAll.mutate()
        }}
      >
        Mark all read
      </button>
      {bell.error ? (
        <p className="field-error">Alerts could not be loaded; they are tried again every 30 seconds.</p>
      ) : bell.data && alerts.length === 0 ? (
        <p className="muted">No alerts yet. Rules in Settings → Alerts say what to tell you.</p>
      ) : (
        <ul className="alert-list" aria-busy={!bell.data}>
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertSummary
                alert={alert}
                onOpen={(opened) => {
                  openAlert(opened)
                  onClose()
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="small alert-bell-all">
        <Link to="/alerts" onClick={onClose}>
          All alerts
        </Link>
      </p>
    </>
  )
}
