// @vitest-environment happy-dom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AcceptForm } from './accept-form'
import { PasswordSignIn } from './password-sign-in-form'

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  )

const problem = (status: number, detail: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ status: String(status), title: 'Refused', detail, ...extra }],
})

const within = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('signing in with an email and a password', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asks for both fields in words before sending anything', async () => {
    const fetch = answer(200, {})
    vi.stubGlobal('fetch', fetch)
    within(<PasswordSignIn onSignedIn={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter the email address you were invited with')).toBeTruthy()
    expect(screen.getByText('Enter your password')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('says one thing for a wrong email or a wrong password', async () => {
    vi.stubGlobal('fetch', answer(401, problem(401, 'Invalid credentials', { code: 'invalid_credentials' })))
    within(<PasswordSignIn onSignedIn={() => undefined} />)
    fill('Email', 'Sam@Example.com')
    fill('Password', 'not the password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'That email and password do not match a person who can sign in. Check both and try again.',
    )
  })

  it('says when to try again after too many attempts, from Retry-After', async () => {
    vi.stubGlobal('fetch', answer(429, problem(429, 'Too many'), { 'Retry-After': '150' }))
    within(<PasswordSignIn onSignedIn={() => undefined} />)
    fill('Email', 'sam@example.com')
    fill('Password', 'whatever it is')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Try again in 3 minutes.',
    )
  })
})

describe('accepting an invitation', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
  const invitation = { email: 'sam@example.com', role: 'viewer', first_name: 'Sam' }

  it('wants a long enough password, typed the same twice', async () => {
    const fetch = answer(200, {})
    vi.stubGlobal('fetch', fetch)
    within(<AcceptForm token="t" invitation={invitation} />)
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Sam')
    fill('Password', 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }))
    expect(await screen.findByText('Choose a password of at least 12 characters')).toBeTruthy()
    fill('Password', 'a long enough password')
    fill('Password again', 'a long enough passw0rd')
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }))
    await waitFor(() => expect(screen.queryByText('Choose a password of at least 12 characters')).toBeNull())
    expect(screen.getByText('Type the same password again')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it("puts the server's refusal on the field it names", async () => {
    const fetch = answer(
      422,
      problem(422, 'That time zone is not known', { source: { pointer: '/time_zone' } }),
    )
    vi.stubGlobal('fetch', fetch)
    within(<AcceptForm token="abc" invitation={invitation} />)
    fill('Password', 'a long enough password')
    fill('Password again', 'a long enough password')
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }))
    expect(await screen.findByText('That time zone is not known')).toBeTruthy()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/session/invitations/abc')
    expect(JSON.parse(String(init.body))).toMatchObject({
      first_name: 'Sam',
      password: 'a long enough password',
    })
  })
})
