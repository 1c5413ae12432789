import { describe, expect, it } from 'vitest'
import { pageLinks, pageMeta } from './page-links'

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
    expect(links.first).toBe('https://track.example/v2/shipments?page[number]=1&page[size]=30')
    expect(pageMeta({ number: 1, size: 30 }, 10)).toMatchObject({ size: 30, total: 10 })
  })

  it('keeps every other parameter, in order, and moves the page to the end', () => {
    const links = pageLinks(
      'https://track.example',
      'http://x/v2/containers?page[size]=25&fields[container]=number,pickup_lfd&include=shipment',
      { number: 1, size: 25 },
      60,
    )
    expect(links.next).toBe(
      'https://track.example/v2/containers?fields[container]=number%2Cpickup_lfd&include=shipment&page[number]=2&page[size]=25',
    )
  })
})
