import { describe, expect, it } from 'vitest'
import { createSmtpLimits, defaultSmtpLimits } from './smtp-limits'

const MB = 1024 * 1024
const open = (...addresses: string[]) => addresses.map((remoteAddress) => ({ remoteAddress }))
const times = (n: number, address: string) => Array.from({ length: n }, () => address)

function limitsAt(start = Date.parse('2026-11-25T12:00:00Z')) {
  let now = start
  const limits = createSmtpLimits(
    { ...defaultSmtpLimits, maxConnections: 20, connectionsPerAddress: 4, messagesPerSenderPerMinute: 3 },
    () => new Date(now),
  )
  return { limits, advance: (ms: number) => (now += ms) }
}

describe('SMTP limits', () => {
  it('refuses an address its connections past the cap, and not another address', () => {
    const { limits } = limitsAt()
    // the new connection is among the open ones: this is the fourth from .1
    expect(limits.admission('10.0.0.1', open(...times(4, '10.0.0.1')))).toBeUndefined()
    const fifth = limits.admission('10.0.0.1', open(...times(5, '10.0.0.1')))
    expect(fifth).toMatchObject({ responseCode: 421, message: expect.stringMatching(/Too many connections/) })
    expect(limits.admission('10.0.0.2', open(...times(4, '10.0.0.1'), '10.0.0.2'))).toBeUndefined()
  })

  it('under pressure, refuses an address that already holds two and still serves a new address', () => {
    const { limits } = limitsAt()
    const busy = [...times(3, '10.0.0.1'), ...times(3, '10.0.0.2'), ...times(3, '10.0.0.3'), '10.0.0.4']
    expect(limits.admission('10.0.0.1', open(...busy, '10.0.0.1'))).toMatchObject({
      responseCode: 421,
      message: expect.stringMatching(/Busy/),
    })
    expect(limits.admission('10.0.0.4', open(...busy, '10.0.0.4'))).toBeUndefined()
    expect(limits.admission('10.0.0.9', open(...busy, '10.0.0.9'))).toBeUndefined()
    // with room to spare, the same address may have its third
    expect(limits.admission('10.0.0.1', open(...times(3, '10.0.0.1')))).toBeUndefined()
  })

  it('defers a sender past its messages a minute with 451, and takes it again the next minute', () => {
    const { limits, advance } = limitsAt()
    for (let i = 0; i < 3; i++) {
      expect(limits.senderProblem('Bulk@Spam.example')).toBeUndefined()
      limits.record('bulk@spam.example', ['account-a'], 1000)
    }
    expect(limits.senderProblem('bulk@spam.example')).toMatchObject({ responseCode: 451 })
    expect(limits.senderProblem('docs@line.example')).toBeUndefined()
    advance(60_000)
    expect(limits.senderProblem('bulk@spam.example')).toBeUndefined()
  })

  it('defers a sender and an account past their bytes a minute', () => {
    const { limits } = limitsAt()
    limits.record('big@files.example', ['account-a'], 100 * MB)
    expect(limits.senderProblem('big@files.example')).toMatchObject({ responseCode: 451 })
    expect(limits.accountProblem('account-a', 'a@in.example')).toBeUndefined()
    limits.record('other@files.example', ['account-a'], 150 * MB)
    expect(limits.accountProblem('account-a', 'a@in.example')).toMatchObject({
      responseCode: 451,
      message: expect.stringMatching(/a@in\.example/),
    })
    expect(limits.accountProblem('account-b', 'b@in.example')).toBeUndefined()
  })
})
