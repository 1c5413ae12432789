import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

/** Escape gives the focus back to the button; wider screens never show it. */
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
