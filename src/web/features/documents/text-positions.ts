/** As pdf.js gives it (`getTextContent().items`). */
export type TextItem = {
  str: string
  hasEOL?: boolean
  transform?: number[]
  width?: number
  height?: number
}

export type PageLayout = { text: string; items: { index: number; start: number; end: number }[] }

/** Exactly as the service builds the text, so a value's character span can be found on the page again. */
export function pageLayout(items: TextItem[]): PageLayout {
  let raw = ''
  let lastY: number | undefined
  const spans: { index: number; start: number; end: number }[] = []
  items.forEach((item, index) => {
    const y = item.transform?.[5]
    if (raw && !raw.endsWith('\n') && y !== undefined && lastY !== undefined)
      raw += Math.abs(y - lastY) > 2 ? '\n' : '  '
    spans.push({ index, start: raw.length, end: raw.length + item.str.length })
    raw += item.str
    if (item.hasEOL) raw += '\n'
    if (y !== undefined) lastY = y
  })
  // the service collapses runs of newlines
  const shift = new Array<number>(raw.length + 1)
  let text = ''
  for (let i = 0; i <= raw.length; i++) {
    shift[i] = text.length
    if (i === raw.length) break
    if (raw[i] === '\n' && text.endsWith('\n')) continue
    text += raw[i]
  }
  return { text, items: spans.map((s) => ({ ...s, start: shift[s.start], end: shift[s.end] })) }
}

export type SpanPiece = { index: number; from: number; to: number }

/** Falls back to the first place the text occurs, so a server whose text differs a little still highlights. */
export function spanPieces(layout: PageLayout, start: number, end: number, expected?: string): SpanPiece[] {
  let from = start
  let to = end
  if (expected && layout.text.slice(start, end) !== expected) {
    const found = layout.text.indexOf(expected)
    if (found < 0) return []
    from = found
    to = found + expected.length
  }
  if (!(to > from)) return []
  return layout.items
    .filter((item) => item.end > from && item.start < to)
    .map((item) => ({
      index: item.index,
      from: Math.max(from, item.start) - item.start,
      to: Math.min(to, item.end) - item.start,
    }))
}

export type Box = { left: number; top: number; width: number; height: number }

/** Glyphs are spread evenly over the item's width, which is close enough to mark a value. */
export function pieceBox(
  item: TextItem,
  piece: SpanPiece,
  viewport: { transform: number[]; scale: number },
): Box {
  const [a, b, c, d, e, f] = viewport.transform
  const [ia, ib, ic, id, ie, iff] = item.transform ?? [1, 0, 0, 1, 0, 0]
  // pdf.js Util.transform by hand, no import needed
  const x = a * ie + c * iff + e
  const y = b * ie + d * iff + f
  const fontHeight = Math.hypot(a * ic + c * id, b * ic + d * id) || Math.hypot(ia, ib) * viewport.scale
  const width = (item.width ?? 0) * viewport.scale
  const length = Math.max(item.str.length, 1)
  return {
    left: x + (width * piece.from) / length,
    top: y - fontHeight,
    width: Math.max((width * (piece.to - piece.from)) / length, 2),
    height: fontHeight * 1.2,
  }
}
