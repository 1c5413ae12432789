// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../contract/people'
import { RoleCell } from './role-cell'

const person = (role: string) =>
  ({ id: 'u1', type: 'user', attributes: { first_name: 'Sam', last_name: 'Lee', role } }) as User
const within = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)

describe("a person's role in the people list", () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('is words for someone who may not change it, or a role above what the viewer may grant', () => {
    within(<RoleCell user={person('operator')} myRole="viewer" canChange={false} />)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByText('Operator')).toBeTruthy()
    cleanup()
    within(<RoleCell user={person('owner')} myRole="admin" canChange />)
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it('offers only the roles the viewer may grant, and shows a refusal in the server’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              errors: [{ status: '422', title: 'Unprocessable', detail: 'A customer needs a party' }],
            }),
            { status: 422, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    )
    within(<RoleCell user={person('viewer')} myRole="admin" canChange />)
    const select = screen.getByLabelText<HTMLSelectElement>('Role of Sam Lee')
    expect([...select.options].map((o) => o.text)).toEqual(['Admin', 'Operator', 'Viewer', 'Customer'])
    fireEvent.change(select, { target: { value: 'operator' } })
    expect(await screen.findByText('A customer needs a party')).toBeTruthy()
  })

  it('asks for the party before making someone a customer, and sends it with the role', async () => {
    const sent: { method: string; url: string; body?: string }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init)
        sent.push({ method: request.method, url: request.url, body: init?.body as string | undefined })
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/vnd.api+json' } })
        if (request.method === 'GET')
          return json({
            data: [{ id: 'p-acme', type: 'party', attributes: { company_name: 'Acme Imports' } }],
          })
        return json({ data: { ...person('customer'), attributes: { ...person('customer').attributes } } })
      }),
    )
    within(<RoleCell user={person('viewer')} myRole="admin" canChange />)
    fireEvent.change(screen.getByLabelText('Role of Sam Lee'), { target: { value: 'customer' } })
    const party = screen.getByLabelText<HTMLSelectElement>('Customer whose shipments Sam Lee sees')
    await screen.findByRole('option', { name: 'Acme Imports' })
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([])
    fireEvent.change(party, { target: { value: 'p-acme' } })
    await vi.waitFor(() => expect(sent.some((call) => call.method === 'PATCH')).toBe(true))
    const patch = sent.find((call) => call.method === 'PATCH')!
    expect(JSON.parse(patch.body!).data.attributes).toEqual({ role: 'customer', party_id: 'p-acme' })
  })
})
