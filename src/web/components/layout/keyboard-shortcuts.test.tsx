// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useKeyboardShortcuts } from './keyboard-shortcuts'

/** A key press the browser stamped at `at` ms, whenever its handler gets to run. */
const press = (key: string, at: number) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  document.body.dispatchEvent(event)
}

describe('keyboard shortcuts', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('goes to a page for g then a letter pressed within 1.5 s, even when a busy page handles them later', () => {
    const navigate = vi.fn()
    renderHook(() => useKeyboardShortcuts(navigate, () => undefined))
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    press('g', 10_000)
    now.mockReturnValue(1_002_500)
    press('s', 10_300)
    expect(navigate).toHaveBeenCalledWith('/shipments')
  })

  it('does not go anywhere when the letter came more than 1.5 s after g', () => {
    const navigate = vi.fn()
    renderHook(() => useKeyboardShortcuts(navigate, () => undefined))
    press('g', 10_000)
    press('s', 11_600)
    expect(navigate).not.toHaveBeenCalled()
  })
})
