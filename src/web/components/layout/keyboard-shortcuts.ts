import { useEffect } from 'react'

const GO_TO: Record<string, string> = { c: '/', s: '/shipments', t: '/tracking-requests', e: '/email' }

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

const searchBox = () =>
  document.querySelector<HTMLInputElement>('main [data-search]') ??
  document.querySelector<HTMLInputElement>('[data-go-to]')

/** Never while typing in a field. */
export function useKeyboardShortcuts(navigate: (to: string) => void, showHelp: () => void) {
  useEffect(() => {
    // when the key was pressed, not when this ran: a busy page runs both handlers late
    let pendingG = Number.NEGATIVE_INFINITY
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target))
        return
      const gPressed = event.timeStamp - pendingG < 1500
      pendingG = Number.NEGATIVE_INFINITY
      if (gPressed && GO_TO[event.key]) {
        event.preventDefault()
        navigate(GO_TO[event.key])
      } else if (event.key === 'g') pendingG = event.timeStamp
      else if (event.key === '/') {
        event.preventDefault()
        searchBox()?.focus()
      } else if (event.key === '?') {
        event.preventDefault()
        showHelp()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navigate, showHelp])
}
