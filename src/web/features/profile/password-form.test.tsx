// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PasswordForm } from './password-form'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('changing your password', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asks for the current one only of someone who has one', () => {
    render(<PasswordForm hasPassword={false} />)
    expect(screen.queryByLabelText('Current password')).toBeNull()
    expect(screen.getByRole('button', { name: 'Set password' })).toBeTruthy()
    cleanup()
    render(<PasswordForm hasPassword />)
    expect(screen.getByLabelText('Current password')).toBeTruthy()
  })

  it('wants the new one typed the same twice, and shows a wrong current password in words', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            errors: [
              {
                status: '422',
                title: 'Unprocessable',
                detail: 'That is not your current password',
                source: { pointer: '/current_password' },
              },
            ],
          }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        ),
    )
    vi.stubGlobal('fetch', fetch)
    render(<PasswordForm hasPassword />)
    fill('Current password', 'the old one')
    fill('New password', 'a brand new long password')
    fill('New password again', 'a brand new long passw0rd')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Type the same password again')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
    fill('New password again', 'a brand new long password')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('That is not your current password')).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    )
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/session/password')
    expect(JSON.parse(String(init.body))).toEqual({
      current_password: 'the old one',
      new_password: 'a brand new long password',
    })
  })
})
