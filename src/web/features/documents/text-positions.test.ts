import { describe, expect, it } from 'vitest'
import { pageLayout, pieceBox, spanPieces } from './text-positions'

const at = (str: string, x: number, y: number, width = str.length * 6) => ({
  str,
  transform: [12, 0, 0, 12, x, y],
  width,
  height: 12,
})

describe('pageLayout', () => {
  it('builds the text the service reads: lines apart, pieces of a line two spaces apart', () => {
    const layout = pageLayout([
      at('ARRIVAL NOTICE', 72, 720),
      at('Last free day:', 72, 700),
      at('2026-11-28', 200, 700),
    ])
    expect(layout.text).toBe('ARRIVAL NOTICE\nLast free day:  2026-11-28')
    expect(layout.items[2]).toEqual({ index: 2, start: 31, end: 41 })
  })

  it('collapses runs of blank lines as the service does, keeping the offsets after them right', () => {
    const layout = pageLayout([
      { ...at('One', 72, 720), hasEOL: true },
      { str: '', hasEOL: true },
      { ...at('Two', 72, 680) },
    ])
    expect(layout.text).toBe('One\nTwo')
    expect(layout.text.slice(layout.items[2].start, layout.items[2].end)).toBe('Two')
  })
})

describe('spanPieces', () => {
  const layout = pageLayout([at('Vessel: MAERSK ELBA', 72, 720), at('LFD 2026-11-28', 72, 700)])

  it('finds the part of an item a value covers by its span', () => {
    const start = layout.text.indexOf('2026-11-28')
    expect(spanPieces(layout, start, start + 10, '2026-11-28')).toEqual([{ index: 1, from: 4, to: 14 }])
  })

  it('falls back to finding the text when the span does not match, and to nothing when absent', () => {
    expect(spanPieces(layout, 0, 3, 'MAERSK ELBA')).toEqual([{ index: 0, from: 8, to: 19 }])
    expect(spanPieces(layout, 0, 3, 'NOT THERE')).toEqual([])
  })

  it('covers every item a span crosses', () => {
    const pieces = spanPieces(layout, 8, layout.text.length)
    expect(pieces.map((p) => p.index)).toEqual([0, 1])
  })
})

describe('pieceBox', () => {
  it('places a piece on the page through the viewport, flipping y as pdf.js does', () => {
    const viewport = { transform: [1.5, 0, 0, -1.5, 0, 1188], scale: 1.5 }
    const box = pieceBox(at('LFD 2026-11-28', 72, 700, 84), { index: 0, from: 4, to: 14 }, viewport)
    expect(box.left).toBeCloseTo(108 + (126 * 4) / 14)
    expect(box.top).toBeCloseTo(1188 - 1050 - 18)
    expect(box.width).toBeCloseTo((126 * 10) / 14)
    expect(box.height).toBeCloseTo(18 * 1.2)
  })
})
