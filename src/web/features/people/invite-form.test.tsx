// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InviteForm } from './invite-form'

const PARTY = '6f1c3c2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f'
const parties = { data: [{ id: PARTY, type: 'party', attributes: { company_name: 'Northwind' } }] }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Parties for the customer choice; the invitation itself answers as `invitation` says. */
const server = (invitation: () => Response) =>
  vi.fn(async (url: string) => (String(url).includes('/parties') ? json(200, parties) : invitation()))

const within = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const invite = () => fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
const sent = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('/invitations'))

describe('inviting someone', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('offers only the roles the inviter may grant', () => {
    vi.stubGlobal(
      'fetch',
      server(() => json(500, {})),
    )
    within(<InviteForm myRole="admin" onInvited={() => undefined} />)
    const roles = [...screen.getByLabelText<HTMLSelectElement>('Role').options].map((o) => o.text)
    expect(roles).toEqual(['Admin', 'Operator', 'Viewer', 'Customer'])
  })

  it('asks which customer a customer sees before sending', async () => {
    const fetch = server(() => json(500, {}))
    vi.stubGlobal('fetch', fetch)
    within(<InviteForm myRole="owner" onInvited={() => undefined} />)
    fill('Email', 'pat@northwind.example')
    fill('Role', 'customer')
    invite()
    expect(await screen.findByText('Choose the customer whose shipments this person will see')).toBeTruthy()
    expect(sent(fetch)).toHaveLength(0)
    await screen.findByRole('option', { name: 'Northwind' })
    fill('Customer', PARTY)
    fill('Email', 'Pat@Northwind.example')
    const created = { data: { id: 'i1', type: 'invitation', attributes: { email: 'pat@northwind.example' } } }
    fetch.mockImplementation(async (url: string) =>
      String(url).includes('/parties') ? json(200, parties) : json(201, created),
    )
    invite()
    await vi.waitFor(() => expect(sent(fetch)).toHaveLength(1))
    const body = JSON.parse(String((sent(fetch)[0] as unknown as [string, RequestInit])[1].body))
    expect(body.data.attributes).toEqual({
      email: 'pat@northwind.example',
      role: 'customer',
      party_id: PARTY,
    })
  })

  it("shows the server's refusal in its words", async () => {
    const refusal = {
      errors: [
        {
          status: '403',
          code: 'role_forbidden',
          title: 'Forbidden',
          detail: 'This needs an admin or above; you are an operator',
        },
      ],
    }
    vi.stubGlobal(
      'fetch',
      server(() => json(403, refusal)),
    )
    within(<InviteForm myRole="admin" onInvited={() => undefined} />)
    fill('Email', 'sam@example.com')
    invite()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This needs an admin or above; you are an operator',
    )
  })
})
