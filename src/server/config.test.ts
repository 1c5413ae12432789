import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('PUBLIC_URL', () => {
  it('defaults to the address the server listens on', () => {
    expect(readConfig({ PORT: '3203' }).service.publicUrl).toBe('http://127.0.0.1:3203')
    expect(readConfig({ HOST: '0.0.0.0', PORT: '8080' }).service.publicUrl).toBe('http://localhost:8080')
    expect(readConfig({ HOST: '::1', PORT: '8080' }).service.publicUrl).toBe('http://[::1]:8080')
  })

  it('is kept without its trailing slash, path prefix and all', () => {
    expect(readConfig({ PUBLIC_URL: 'https://track.example.com/' }).service.publicUrl).toBe(
      'https://track.example.com',
    )
    expect(readConfig({ PUBLIC_URL: 'https://example.com/quayside/' }).service.publicUrl).toBe(
      'https://example.com/quayside',
    )
  })

  it.each(['track.example.com', 'ftp://track.example.com', 'https://x.example/?a=1'])(
    'refuses %s at start, saying what it must be',
    (raw) => {
      expect(() => readConfig({ PUBLIC_URL: raw })).toThrow(/PUBLIC_URL must be/)
    },
  )
})

describe('ROLE', () => {
  it('runs everything in one process unless told api or worker, and refuses anything else', () => {
    expect(readConfig({}).role).toBe('all')
    expect(readConfig({ ROLE: 'api' }).role).toBe('api')
    expect(readConfig({ ROLE: 'worker' }).role).toBe('worker')
    expect(() => readConfig({ ROLE: 'both' })).toThrow("ROLE must be one of all, api, worker, not 'both'")
  })
})

describe('DATABASE_POOL_SIZE', () => {
  it('keeps 10 connections unless told otherwise, and refuses zero or anything not a whole number', () => {
    expect(readConfig({}).databasePoolSize).toBe(10)
    expect(readConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24)
    expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be at least 1')
    expect(() => readConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(
      "DATABASE_POOL_SIZE must be a whole number, not 'many'",
    )
  })
})

describe('OUTBOUND_SMTP_URL', () => {
  it('is the console unless set, and refuses at start what is not smtp or smtps, never repeating its password', () => {
    expect(readConfig({}).outboundMail).toEqual({ smtpUrl: undefined, from: undefined })
    expect(
      readConfig({
        OUTBOUND_SMTP_URL: 'smtps://u:p@mail.example.com:465',
        OUTBOUND_FROM: 'Ops <ops@example.com>',
      }).outboundMail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Ops <ops@example.com>',
    })
    for (const raw of ['http://u:hunter2@mail.example.com', 'mail.example.com:25'])
      expect(() => readConfig({ OUTBOUND_SMTP_URL: raw })).toThrow(
        /^OUTBOUND_SMTP_URL must be a URL such as smtp:\/\/user:pass@host:587 or smtps:\/\/user:pass@host:465$/,
      )
  })
})

describe('CLOCK_CONTROL', () => {
  it('is off unless asked for', () => {
    expect(readConfig({}).clockControl).toBe(false)
    expect(readConfig({ CLOCK_CONTROL: '0' }).clockControl).toBe(false)
    expect(readConfig({ CLOCK_CONTROL: '1' }).clockControl).toBe(true)
    expect(() => readConfig({ CLOCK_CONTROL: 'yes' })).toThrow(/CLOCK_CONTROL must be 1 or 0/)
  })

  it('is refused where another process or a real account could share the data', () => {
    expect(() => readConfig({ CLOCK_CONTROL: '1', ROLE: 'api' })).toThrow(/refused with ROLE/)
    expect(() => readConfig({ CLOCK_CONTROL: '1', DATABASE_URL: 'postgres://db/quayside' })).toThrow(
      /refused with DATABASE_URL/,
    )
    expect(() => readConfig({ CLOCK_CONTROL: '1', UPSTREAM_URL: 'https://api.terminal49.com' })).toThrow(
      /refused with UPSTREAM_URL/,
    )
    expect(readConfig({ CLOCK_CONTROL: '1', ROLE: 'all' }).clockControl).toBe(true)
  })
})
