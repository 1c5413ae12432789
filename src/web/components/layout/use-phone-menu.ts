import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * The header's menu on a phone: open and shut by its button, shut again by Escape (which gives the focus
 * back to the button) and by moving to another page. Wider screens show the navigation and never the button.
 */
export function usePhoneMenu() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const { pathname, search } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what closes the menu
  useEffect(() => setOpen(false), [pathname, search])
  const toggle = useCallback(() => setOpen((was) => !was), [])
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return
      setOpen(false)
      button.current?.focus()
    },
    [open],
  )
  return { open, toggle, onKeyDown, button }
}
