import { describe, expect, it } from 'vitest'
import { Problem } from '../http/problem'
import { createAttemptLimits } from './attempt-limits'

const refusal = (check: () => void) => {
  try {
    check()
  } catch (error) {
    return error instanceof Problem
      ? { status: error.status, retryAfter: error.headers['Retry-After'] }
      : error
  }
  return undefined
}

describe('password sign-in limits', () => {
  const settings = {
    authFailuresPerMinute: 100,
    sessionStartsPerMinute: 100,
    emailFailuresPerMinute: 2,
    accountFailuresPerMinute: 3,
  }

  it('counts an email address whatever its case or the address it came from, and lets it go after the minute', () => {
    let now = 0
    const limits = createAttemptLimits(settings, () => new Date(now))
    limits.recordPasswordFailure('192.0.2.1', 'Pat@Example.com')
    limits.recordPasswordFailure('192.0.2.2', 'pat@example.com')
    expect(refusal(() => limits.checkPasswordSignIn('PAT@example.com'))).toEqual({
      status: 429,
      retryAfter: '60',
    })
    expect(refusal(() => limits.checkPasswordSignIn('someone@example.com'))).toBeUndefined()
    now = 60_000
    expect(refusal(() => limits.checkPasswordSignIn('pat@example.com'))).toBeUndefined()
  })

  it("counts an account across its people's emails", () => {
    const limits = createAttemptLimits(settings, () => new Date(0))
    for (const email of ['a@one.example', 'b@two.example', 'c@three.example'])
      limits.recordPasswordFailure('192.0.2.1', email, 'account-1')
    expect(refusal(() => limits.checkAfterWrongPassword('d@four.example', 'account-1'))).toMatchObject({
      status: 429,
    })
    expect(refusal(() => limits.checkAfterWrongPassword('d@four.example', 'account-2'))).toBeUndefined()
    expect(refusal(() => limits.checkPasswordSignIn('d@four.example'))).toBeUndefined()
  })

  it('counts an email domain, known emails and unknown alike', () => {
    const limits = createAttemptLimits(settings, () => new Date(0))
    for (const email of ['a@corp.example', 'b@corp.example', 'nobody@corp.example'])
      limits.recordPasswordFailure('192.0.2.1', email, email.startsWith('nobody') ? undefined : 'account-1')
    expect(refusal(() => limits.checkAfterWrongPassword('unknown@corp.example'))).toMatchObject({
      status: 429,
    })
    expect(refusal(() => limits.checkAfterWrongPassword('unknown@elsewhere.example'))).toBeUndefined()
  })
})
