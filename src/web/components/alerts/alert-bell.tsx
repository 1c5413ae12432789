import './alert-bell.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { alertInboxApi, alertInboxQueries } from './alert-inbox-queries'
import { AlertSummary } from './alert-summary'
import { useOpenAlert } from './use-open-alert'

const unreadWords = (n: number) => (n === 0 ? 'no unread alerts' : `${n} unread alert${n === 1 ? '' : 's'}`)

/** Says a change of count once, not the count the page opened with. */
function useAnnouncement(count: number | undefined) {
  const seen = useRef<number | undefined>(undefined)
  const [words, setWords] = useState('')
  useEffect(() => {
    if (count === undefined) return
    if (seen.current !== undefined && seen.current !== count) setWords(`Alerts: ${unreadWords(count)}`)
    seen.current = count
  }, [count])
  return words
}

function useDisclosure() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    // also when the focus was lost to the page, as when a control in the panel went away
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const inside =
        root.current?.contains(document.activeElement) || document.activeElement === document.body
      setOpen(false)
      if (inside) button.current?.focus()
    }
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', onEscape)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', onEscape)
    }
  }, [open])
  return { open, setOpen, button, root }
}

export function AlertBell() {
  const id = useId()
  const queryClient = useQueryClient()
  const bell = useQuery(alertInboxQueries.bell())
  const disclosure = useDisclosure()
  const openAlert = useOpenAlert()
  const readAll = useMutation({
    mutationFn: () => alertInboxApi.readAll(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertInboxQueries.all() }),
  })
  const count = bell.data?.meta?.unread_count ?? undefined
  const announcement = useAnnouncement(count)
  const alerts = bell.data?.data ?? []
  return (
    <div className="alert-bell" ref={disclosure.root}>
      <button
        type="button"
        className="secondary alert-bell-button"
        aria-expanded={disclosure.open}
        aria-controls={`${id}-panel`}
        ref={disclosure.button}
        onClick={() => disclosure.setOpen(!disclosure.open)}
      >
        <span aria-hidden="true">🔔</span>
        <span className="alert-bell-word">Alerts</span>
        {count ? (
          <span className="badge alert-bell-count">
            {count}
            <span className="visually-hidden"> unread</span>
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
      <section
        id={`${id}-panel`}
        className="alert-bell-panel"
        hidden={!disclosure.open}
        aria-labelledby={`${id}-title`}
      >
        <div className="alert-bell-actions">
          <h2 id={`${id}-title`} className="small">
            Alerts: {count === undefined ? '…' : unreadWords(count)}
          </h2>
          <button
            type="button"
            className="link-button"
            // aria-disabled, not disabled: the focus stays on the button once everything is read
            aria-disabled={!count || readAll.isPending}
            onClick={() => {
              if (count && !readAll.isPending) readAll.mutate()
            }}
          >
            Mark all read
          </button>
        </div>
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
                    disclosure.setOpen(false)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="small alert-bell-all">
          <Link to="/alerts" onClick={() => disclosure.setOpen(false)}>
            All alerts
          </Link>
        </p>
      </section>
    </div>
  )
}
