// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NameForm } from './name-form'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

const user = {
  id: 'u1',
  type: 'user' as const,
  attributes: { first_name: 'Dana', last_name: 'Reyes', time_zone: 'America/Chicago' },
}

describe('changing your name', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('needs a first name, and saves the names trimmed with a blank last name as none', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: user }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NameForm user={user} />
      </QueryClientProvider>,
    )
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Reyes')
    fill('First name', '  ')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter your first name')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
    fill('First name', ' Sam ')
    fill('Last name', ' ')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toContain('/users/me')
    expect(JSON.parse(String(init.body)).data.attributes).toEqual({
      first_name: 'Sam',
      last_name: null,
      time_zone: 'America/Chicago',
    })
  })
})
