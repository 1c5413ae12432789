import { describe, expect, it } from 'vitest'
import { demoAccessFrom } from './demo-access'

describe('demo access', () => {
  it('is read-write on loopback and read-only on a network when DEMO_ACCESS is not set', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(demoAccessFrom(undefined, host)).toBe('read-write')
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'demo.example.com'])
      expect(demoAccessFrom('', host)).toBe('read-only')
  })

  it('takes DEMO_ACCESS as set, and refuses a value it does not know', () => {
    expect(demoAccessFrom('read-write', '0.0.0.0')).toBe('read-write')
    expect(demoAccessFrom('off', '127.0.0.1')).toBe('off')
    expect(demoAccessFrom('READ-ONLY', '127.0.0.1')).toBe('read-only')
    expect(() => demoAccessFrom('sometimes', '127.0.0.1')).toThrow(
      /DEMO_ACCESS must be one of read-write, read-only, off/,
    )
  })
})
