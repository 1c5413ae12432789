import { describe, expect, it, vi } from 'vitest'
import { pagedCountingWhenFull } from './paged'

const counted = (total: number) => vi.fn(async () => [{ total }])

describe('a narrowed page', () => {
  it('takes its total from its own rows when it has room left', async () => {
    const count = counted(99)
    expect(await pagedCountingWhenFull(Promise.resolve(['a']), count, { limit: 25, offset: 0 })).toEqual({
      rows: ['a'],
      total: 1,
    })
    expect(
      await pagedCountingWhenFull(Promise.resolve(['y', 'z']), count, { limit: 25, offset: 50 }),
    ).toEqual({ rows: ['y', 'z'], total: 52 })
    expect(await pagedCountingWhenFull(Promise.resolve([]), count, { limit: 25, offset: 0 })).toEqual({
      rows: [],
      total: 0,
    })
    expect(count).not.toHaveBeenCalled()
  })

  it('counts when the page is full, or empty past the first (it cannot tell where the list ends)', async () => {
    const count = counted(80)
    const full = Array.from({ length: 25 }, (_, i) => i)
    expect((await pagedCountingWhenFull(Promise.resolve(full), count, { limit: 25, offset: 0 })).total).toBe(
      80,
    )
    expect((await pagedCountingWhenFull(Promise.resolve([]), count, { limit: 25, offset: 100 })).total).toBe(
      80,
    )
    expect(count).toHaveBeenCalledTimes(2)
  })
})
