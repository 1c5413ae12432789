// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PasskeySignInButton } from './passkey-sign-in-button'
import { PasskeysSection } from './passkeys-section'

const laptop = { id: 'cred-1', name: 'Laptop', created_at: '2026-11-20T10:00:00Z', last_used_at: null }

/** A gateway in memory: answers the passkey list and records every call. */
function fakeGateway(passkeys = [laptop]) {
  const calls: string[] = []
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`)
    if (init.method === 'GET') return json({ data: passkeys })
    if (init.method === 'DELETE') {
      passkeys = passkeys.filter((p) => !url.endsWith(p.id))
      return new Response(null, { status: 204 })
    }
    return json({ challenge: 'abc', rpId: 'localhost' })
  })
  return calls
}

const shown = (children: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>)

describe('<PasskeysSection>', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lists the passkeys and removes one, then shows the list again', async () => {
    const calls = fakeGateway()
    shown(<PasskeysSection />)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }))
    await screen.findByText('No passkeys yet.')
    expect(calls).toEqual([
      'GET /session/passkeys',
      'DELETE /session/passkeys/cred-1',
      'GET /session/passkeys',
    ])
  })

  it('asks for a name before making a passkey, and calls nothing', async () => {
    const calls = fakeGateway([])
    shown(<PasskeysSection />)
    await screen.findByText('No passkeys yet.')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/Name the passkey/)
    expect(calls).toEqual(['GET /session/passkeys'])
  })
})

describe('<PasskeySignInButton>', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('says in words when this browser has no passkeys, and signs nobody in', async () => {
    fakeGateway()
    const onSignedIn = vi.fn()
    shown(<PasskeySignInButton onSignedIn={onSignedIn} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/WebAuthn is not supported/)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy())
    expect(onSignedIn).not.toHaveBeenCalled()
  })
})
