import { describe, expect, it } from 'vitest'
import { startFlags } from './shipped-server'

describe('the server the benchmarks start', () => {
  it('runs with the node flags npm start gives it', () => {
    const flags = startFlags()
    expect(flags).toContain('--v8-pool-size=1')
    expect(flags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(true)
  })
})
