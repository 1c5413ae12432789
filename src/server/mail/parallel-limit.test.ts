import { describe, expect, it } from 'vitest'
import { parallelLimit } from './parallel-limit'

describe('parallelLimit', () => {
  it('runs at most the limit at once, every task in the end, in the order they came', async () => {
    const limited = parallelLimit(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const task = (n: number) => async () => {
      started.push(n)
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      return n
    }
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => limited(task(n))))
    expect(results).toEqual([1, 2, 3, 4, 5])
    expect(most).toBe(2)
    expect(started).toEqual([1, 2, 3, 4, 5])
  })

  it('frees the slot of a task that fails', async () => {
    const limited = parallelLimit(1)
    await expect(limited(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await limited(async () => 'next')).toBe('next')
  })
})
