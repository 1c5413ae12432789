import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { pageOf, pageParams, pageQuery } from './pagination'

const read = (params: Record<string, string>, defaultSize?: number) => {
  const result = z.object(pageQuery(defaultSize)).safeParse(params)
  return result.success ? pageOf(result.data) : result.error.issues
}

describe('pageQuery', () => {
  it('defaults to the first page of 30, or the size a list is given', () => {
    expect(read({})).toEqual({ number: 1, size: 30 })
    expect(read({ 'page[size]': '' }, 25)).toEqual({ number: 1, size: 25 })
  })

  it('cuts a page size above 100 to 100', () => {
    expect(read({ 'page[size]': '500' })).toEqual({ number: 1, size: 100 })
  })

  it.each(['0', '-1', 'abc', '1.5', '1000001', '99999999999999999999'])(
    'refuses page[number]=%s, naming the parameter',
    (value) => {
      expect(read({ 'page[number]': value })).toEqual([
        expect.objectContaining({ path: ['page[number]'], message: expect.stringMatching(/^must be /) }),
      ])
    },
  )

  it('reads the last allowed page number and cuts an enormous page size to 100', () => {
    expect(read({ 'page[number]': '1000000', 'page[size]': '99999999999999999999' })).toEqual({
      number: 1_000_000,
      size: 100,
    })
  })
})

describe('pageParams', () => {
  it('keeps the default and the most a list declares', () => {
    const result = z.object(pageParams({ size: 10, max: 20 })).parse({ 'page[size]': '500' })
    expect(pageOf(result)).toEqual({ number: 1, size: 20 })
    expect(pageOf(z.object(pageParams({ size: 10, max: 20 })).parse({}))).toEqual({ number: 1, size: 10 })
  })
})
