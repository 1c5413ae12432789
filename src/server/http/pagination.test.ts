import { describe, expect, it } from 'vitest'
import { pageLinks, pageMeta, readPage } from './pagination'
import { Problem } from './problem'

const query = (params: Record<string, string>) => (name: string) => params[name]

describe('readPage', () => {
  it('defaults to the first page of 30', () => {
    expect(readPage(query({}))).toEqual({ number: 1, size: 30 })
  })

  it('cuts a page size above 100 to 100', () => {
    expect(readPage(query({ 'page[size]': '500' }))).toEqual({ number: 1, size: 100 })
  })

  it.each(['0', '-1', 'abc', '1.5', '1000001', '99999999999999999999'])(
    'refuses page[number]=%s with 400 naming the parameter',
    (value) => {
      try {
        readPage(query({ 'page[number]': value }))
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(Problem)
        expect((error as Problem).status).toBe(400)
        expect((error as Problem).errors[0].source).toEqual({ parameter: 'page[number]' })
      }
    },
  )

  it('reads the last allowed page number and cuts an enormous page size to 100', () => {
    expect(readPage(query({ 'page[number]': '1000000', 'page[size]': '99999999999999999999' }))).toEqual({
      number: 1_000_000,
      size: 100,
    })
  })
})

describe('pageLinks', () => {
  it('gives first, prev, self, current, next and last in the middle of a list', () => {
    const links = pageLinks(
      'http://x/v2/shipments?q=abc&page[number]=2&page[size]=10',
      { number: 2, size: 10 },
      45,
    )
    expect(links.first).toBe('/v2/shipments?q=abc&page[number]=1&page[size]=10')
    expect(links.prev).toBe('/v2/shipments?q=abc&page[number]=1&page[size]=10')
    expect(links.next).toBe('/v2/shipments?q=abc&page[number]=3&page[size]=10')
    expect(links.last).toBe('/v2/shipments?q=abc&page[number]=5&page[size]=10')
    expect(links.self).toBe('/v2/shipments?q=abc&page[number]=2&page[size]=10')
  })

  it('leaves out prev on the first page and next on the last', () => {
    const links = pageLinks('http://x/v2/shipments', { number: 1, size: 30 }, 10)
    expect(links).not.toHaveProperty('prev')
    expect(links).not.toHaveProperty('next')
    expect(pageMeta({ number: 1, size: 30 }, 10)).toMatchObject({ size: 30, total: 10 })
  })
})
