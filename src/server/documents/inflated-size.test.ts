import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { checkInflatedSize } from './inflated-size'

const MB = 1024 * 1024
/** Just enough of a PDF for the check: objects with streams, each after its dictionary. */
const pdfOf = (...streams: { data: Buffer; dictionary?: string }[]) =>
  Buffer.concat(
    streams.flatMap(({ data, dictionary = '<< >>' }, i) => [
      Buffer.from(`${i + 1} 0 obj ${dictionary}\nstream\n`),
      data,
      Buffer.from('\nendstream endobj\n'),
    ]),
  )

describe('checking what a PDF inflates to', () => {
  it('adds up every deflated stream, and what a stream inside a stream inflates to', async () => {
    const inner = deflateSync(Buffer.alloc(3 * MB, 0x20))
    const file = pdfOf({ data: deflateSync(Buffer.alloc(1000, 0x41)) }, { data: deflateSync(inner) })
    expect(await checkInflatedSize(file, 64 * MB)).toBe(1000 + inner.length + 3 * MB)
  })

  it('refuses a bomb hidden in a filter chain, a layer inside another', async () => {
    const chained = deflateSync(deflateSync(Buffer.alloc(80 * MB, 0x20)))
    expect(chained.length).toBeLessThan(1024)
    await expect(checkInflatedSize(pdfOf({ data: chained }), 64 * MB)).rejects.toMatchObject({
      name: 'TooComplexError',
      message: 'too large or too complex: its streams inflate to more than 67,108,864 bytes',
    })
  })

  it('skips images and streams that only look deflated', async () => {
    const image = { data: deflateSync(Buffer.alloc(2 * MB)), dictionary: '<< /Subtype /Image >>' }
    const broken = { data: Buffer.from([0x78, 0x9c, 1, 2, 3, 4, 5]) }
    expect(await checkInflatedSize(pdfOf(image, broken), 1 * MB)).toBe(0)
  })
})
