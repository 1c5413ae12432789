import { useEffect, useRef, useState } from 'react'
import { dismissToast, showToast, type Toast, toastLifetime, useToasts } from './toasts'

function ToastItem({ toast }: { toast: Toast }) {
  const [undoing, setUndoing] = useState(false)
  const [held, setHeld] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    if (held) return
    timer.current = setTimeout(() => dismissToast(toast.id), toastLifetime(toast))
    return () => clearTimeout(timer.current)
  }, [toast, held])
  const undo = async () => {
    setUndoing(true)
    try {
      await toast.undo?.()
      dismissToast(toast.id)
      showToast({ text: 'Undone.', tone: 'done' })
    } catch (error) {
      dismissToast(toast.id)
      showToast({
        text: `Couldn't undo: ${error instanceof Error ? error.message : String(error)}`,
        tone: 'failed',
      })
    }
  }
  return (
    // so its Undo never vanishes under a hand
    <li
      className={`toast toast-${toast.tone}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span aria-hidden="true">{toast.tone === 'failed' ? '✖ ' : '✔ '}</span>
      <span>{toast.text}</span>
      {toast.undo ? (
        <button type="button" className="secondary" onClick={undo} disabled={undoing}>
          {undoing ? 'Undoing…' : 'Undo'}
        </button>
      ) : null}
      <button
        type="button"
        className="icon-button"
        aria-label={`Dismiss: ${toast.text}`}
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </li>
  )
}

export function ToastRegion() {
  const toasts = useToasts()
  const failed = toasts.filter((t) => t.tone === 'failed')
  return (
    <section aria-label="Notifications" className="toasts">
      <div role="status">
        <ul className="plain">
          {toasts
            .filter((t) => t.tone === 'done')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
        </ul>
      </div>
      {/* an alert is read out when it appears with its words, so it is there only while a failure is */}
      {failed.length > 0 ? (
        <div role="alert">
          <ul className="plain">
            {failed.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
