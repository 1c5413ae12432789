import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { pageLinks, pageMeta, pageOf, pageQuery } from './pagination'

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

describe('pageLinks', () => {
  it('gives absolute first, prev, self, current, next and last links in the middle of a list, never from the Host', () => {
    const links = pageLinks(
      'https://track.example',
      'http://x/v2/shipments?q=abc&page[number]=2&page[size]=10',
      { number: 2, size: 10 },
      45,
    )
    expect(links.first).toBe('https://track.example/v2/shipments?q=abc&page[number]=1&page[size]=10')
    expect(links.prev).toBe('https://track.example/v2/shipments?q=abc&page[number]=1&page[size]=10')
    expect(links.next).toBe('https://track.example/v2/shipments?q=abc&page[number]=3&page[size]=10')
    expect(links.last).toBe('https://track.example/v2/shipments?q=abc&page[number]=5&page[size]=10')
    expect(links.self).toBe('https://track.example/v2/shipments?q=abc&page[number]=2&page[size]=10')
  })

  it('leaves out prev on the first page and next on the last', () => {
    const links = pageLinks('https://track.example', 'http://x/v2/shipments', { number: 1, size: 30 }, 10)
    expect(links).not.toHaveProperty('prev')
    expect(links).not.toHaveProperty('next')
    expect(pageMeta({ number: 1, size: 30 }, 10)).toMatchObject({ size: 30, total: 10 })
  })
})
