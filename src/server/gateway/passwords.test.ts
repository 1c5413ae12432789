import { describe, expect, it } from 'vitest'
import { hashPassword, passwordMatches } from './passwords'

describe('passwords', () => {
  it('stores argon2id, never the password, and checks it', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(stored).not.toContain('correct horse')
    expect(await passwordMatches(stored, 'correct horse battery')).toBe(true)
    expect(await passwordMatches(stored, 'wrong horse battery')).toBe(false)
  })

  it('refuses a person without a password whatever is typed, after doing the same work', async () => {
    expect(await passwordMatches(null, 'no person has this password')).toBe(false)
    expect(await passwordMatches(undefined, 'anything at all')).toBe(false)
  })
})
