import { describe, expect, it } from 'vitest'
import { requireRole } from './require-role'

const refusal = (fn: () => void) => {
  try {
    fn()
  } catch (error) {
    return error as { status: number; errors: { detail: string }[] }
  }
  return undefined
}

describe('requireRole', () => {
  it('lets a viewer read and refuses its writes in words', () => {
    expect(refusal(() => requireRole({ role: 'viewer' }, { method: 'get' }))).toBeUndefined()
    expect(JSON.stringify(refusal(() => requireRole({ role: 'viewer' }, { method: 'post' })))).toContain(
      'This needs an operator or above; you are a viewer',
    )
  })

  it('keeps admin routes from operators and lets owners through', () => {
    expect(refusal(() => requireRole({ role: 'operator' }, { method: 'post', role: 'admin' }))).toBeDefined()
    expect(refusal(() => requireRole({ role: 'owner' }, { method: 'post', role: 'admin' }))).toBeUndefined()
  })

  it('refuses a customer everywhere but party-scoped reads', () => {
    expect(refusal(() => requireRole({ role: 'customer' }, { method: 'get' }))).toBeDefined()
    expect(
      refusal(() => requireRole({ role: 'customer' }, { method: 'get', customer: 'party-scoped' })),
    ).toBeUndefined()
    expect(
      refusal(() => requireRole({ role: 'customer' }, { method: 'post', customer: 'party-scoped' })),
    ).toBeDefined()
  })
})
