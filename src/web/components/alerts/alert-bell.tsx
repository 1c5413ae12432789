import './alert-bell.css'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { lazyOr } from '../lazy-or'
import { alertBellQuery } from './alert-bell-query'

// the list, its links and Mark all read load when the bell is first opened
const AlertBellPanel = lazyOr(
  async () => (await import('./alert-bell-panel')).AlertBellPanel,
  () => <p role="alert">The alerts could not load. Check the connection and reload the page.</p>,
)

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
  const bell = useQuery(alertBellQuery)
  const disclosure = useDisclosure()
  const count = bell.data?.meta?.unread_count ?? undefined
  const announcement = useAnnouncement(count)
  const close = () => disclosure.setOpen(false)
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
        <h2 id={`${id}-title`} className="small">
          Alerts: {count === undefined ? '…' : unreadWords(count)}
        </h2>
        {disclosure.open ? (
          <Suspense fallback={<p aria-busy="true">Loading alerts…</p>}>
            <AlertBellPanel onClose={close} />
          </Suspense>
        ) : null}
      </section>
    </div>
  )
}
