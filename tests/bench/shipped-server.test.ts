import { describe, expect, it } from 'vitest'
import { startEnv, startFlags } from './shipped-server'

describe('the server the benchmarks start', () => {
  it('runs with the node flags npm start gives it', () => {
    const flags = startFlags()
    expect(flags).toContain('--v8-pool-size=1')
    expect(flags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(true)
  })

  it('with the environment npm start sets', () => {
    // glibc's per-thread arenas kept 40-60 MB the reading threads had freed (issue 26's corpus on PGlite)
    expect(startEnv()).toEqual({
      MALLOC_ARENA_MAX: '2',
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=1048576:glibc.malloc.trim_threshold=1048576',
    })
  })
})
