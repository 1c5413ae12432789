import { describe, expect, it } from 'vitest'
import { untilNew } from './until-new'

describe('untilNew', () => {
  it('makes another when the number was already tracked, so a large demo never repeats one', () => {
    const made = ['MAEU1', 'MAEU1', 'MAEU2']
    const seen = new Set<string>()
    const next = () =>
      untilNew(
        seen,
        (n: string) => n,
        () => made.shift()!,
      )
    expect(next()).toBe('MAEU1')
    expect(next()).toBe('MAEU2')
    expect(made).toEqual([])
    expect([...seen]).toEqual(['MAEU1', 'MAEU2'])
  })
})
