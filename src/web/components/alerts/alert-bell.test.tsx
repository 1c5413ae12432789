// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { AlertBell } from './alert-bell'
import { ALERTS_KEY } from './alert-bell-query'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function serveUnread(counts: number[]) {
  let call = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const unread = counts[Math.min(call++, counts.length - 1)]
      return new Response(JSON.stringify({ data: [], meta: { total: 0, unread_count: unread } }), {
        headers: { 'Content-Type': 'application/vnd.api+json' },
      })
    }),
  )
}

it('says the count in words, and announces a change of it, not the count the page opened with', async () => {
  serveUnread([2, 3, 0])
  const client = new QueryClient()
  render(
    <QueryClientProvider client={client}>
      <AlertBell />
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: /Alerts\s*2 unread/ })
  expect(button.getAttribute('aria-expanded')).toBe('false')
  const live = document.querySelector('[aria-live="polite"]')!
  expect(live.textContent).toBe('')

  await act(() => client.invalidateQueries({ queryKey: ALERTS_KEY }))
  await screen.findByRole('button', { name: /Alerts\s*3 unread/ })
  expect(live.textContent).toBe('Alerts: 3 unread alerts')

  await act(() => client.invalidateQueries({ queryKey: ALERTS_KEY }))
  // no badge says "0": the button is just the bell
  await screen.findByRole('button', { name: /^\s*Alerts$/ })
  expect(live.textContent).toBe('Alerts: no unread alerts')
})
