import { describe, expect, it } from 'vitest'
import type { Role } from '../../../contract/roles'
import type { Session } from '../../../contract/session'
import { sessionRole, unavailableReason } from './write-access'

const person = (role: Role) => ({
  id: 'u1',
  name: 'Sam Lee',
  email: 'sam@example.com',
  role,
})
const session = (extra: Partial<Session>): Session => ({
  signedIn: true,
  demo: false,
  access: 'read-write',
  user: null,
  viewingAs: null,
  ...extra,
})

describe('what a session may change', () => {
  it('follows the signed-in person’s role, in words', () => {
    expect(unavailableReason(session({ user: person('viewer') }))).toBe(
      'it needs an operator or above; you are a viewer',
    )
    expect(unavailableReason(session({ user: person('operator') }))).toBeUndefined()
    expect(unavailableReason(session({ user: person('operator') }), 'admin')).toBe(
      'it needs an admin or above; you are an operator',
    )
    expect(unavailableReason(session({ user: person('admin') }), 'owner')).toBe(
      'it needs an owner; you are an admin',
    )
    expect(unavailableReason(session({ user: person('customer') }))).toBe(
      'it needs an operator or above; you are a customer',
    )
  })

  it('keeps the read-only demo’s and the read-only key’s words', () => {
    expect(unavailableReason(session({ demo: true, access: 'read-only', user: person('owner') }))).toBe(
      'this demo is read-only',
    )
    expect(unavailableReason(session({ access: 'read-only' }))).toBe('your API key is read-only')
    expect(sessionRole(session({ access: 'read-only' }))).toBe('viewer')
    expect(sessionRole(session({}))).toBe('owner')
  })

  it('refuses every write while viewing as someone, even one who could write', () => {
    const viewing = session({ user: person('owner'), viewingAs: { ...person('operator'), name: 'Ana Ruiz' } })
    expect(unavailableReason(viewing)).toBe('you are viewing as Ana Ruiz, which is read-only')
    expect(sessionRole(viewing)).toBe('operator')
  })
})
