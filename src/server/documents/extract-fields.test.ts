import { describe, expect, it } from 'vitest'
import { classifyDocument } from './classify-document'
import { EXTRACTION_PATTERNS, extractFields } from './extract-fields'
import { readFeeLine } from './fee-lines'

const MB = 1024 * 1024
const megabyteOf = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB)

/** What makes a backtracking pattern slow: runs its quantifiers swallow, then a character that fails them. */
const WORST_CASES: Record<string, string> = {
  "'bol '": megabyteOf('bol '),
  spaces: `Fee${' '.repeat(MB)}x`,
  'spaces and newlines': megabyteOf(' \n'),
  tabs: `A,${'\t'.repeat(MB)}x`,
  digits: megabyteOf('1'),
  'digits and commas': `USD ${megabyteOf('1,')}.0`,
  letters: megabyteOf('A'),
  'lower letters': megabyteOf('a'),
  "'jan'": megabyteOf('jan'),
  "'1 jan '": megabyteOf('1 jan '),
  "'vessel '": megabyteOf('vessel '),
  "'vessel / voy '": megabyteOf('vessel / voy '),
  "'voy no '": megabyteOf('voy no '),
  "'ETA: '": megabyteOf('ETA: '),
  "'POL '": megabyteOf('POL '),
  "'Port of Discharge: A '": megabyteOf('Port of Discharge: A '),
  'container numbers': megabyteOf('MSKU123456 '),
  'place with a comma': megabyteOf('Los Angeles, '),
  "'A/ '": megabyteOf('A/ '),
  "'B/L No. '": megabyteOf('B/L No. '),
  'label then spaces': `Vessel: A${' '.repeat(MB)}`,
}

/** Far above a linear pass over 1 MB (milliseconds), far below a quadratic one (minutes). */
const BOUND_MS = 1500

const timed = (work: () => unknown) => {
  const started = performance.now()
  work()
  return performance.now() - started
}

describe('extraction is linear in its input', () => {
  it.each(Object.entries(EXTRACTION_PATTERNS))(
    '%s searches 1 MB of each worst case within the bound',
    (_, pattern) => {
      const global = new RegExp(
        pattern.source,
        pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
      )
      for (const [name, text] of Object.entries(WORST_CASES)) {
        const ms = timed(() => {
          for (const _match of text.matchAll(global));
        })
        expect(ms, `${global} over 1 MB of ${name}`).toBeLessThan(BOUND_MS)
      }
    },
  )

  it.each(Object.entries(WORST_CASES))(
    'reads 1 MB of %s, as one page and as one fee line, within the bound',
    (_, text) => {
      expect(timed(() => extractFields([text]))).toBeLessThan(BOUND_MS)
      expect(timed(() => readFeeLine(text))).toBeLessThan(BOUND_MS)
      expect(timed(() => classifyDocument([text]))).toBeLessThan(BOUND_MS)
    },
  )

  it('keeps at most 1,000 values from a page of 87,000 container numbers, so the representation stays small', () => {
    const { values } = extractFields([megabyteOf('MSKU1234565 ')])
    expect(values).toHaveLength(1000)
  })
})

describe('reading a fee line', () => {
  it.each([
    ['Demurrage  USD 150.00', { type: 'Demurrage', amount: 150, currency: 'USD' }],
    ['  Terminal handling:   $1,385.50  ', { type: 'Terminal handling', amount: 1385.5, currency: 'USD' }],
    ['Storage (per day). 42.00 EUR', { type: 'Storage (per day)', amount: 42, currency: 'EUR' }],
    ['Chassis fee £ 10.00', { type: 'Chassis fee', amount: 10, currency: 'GBP' }],
  ])('reads %j', (line, expected) => {
    expect(readFeeLine(line)).toMatchObject(expected)
  })

  it.each([
    'Demurrage USD150',
    'Fee:USD 150.00',
    'X  USD 150.00',
    '150.00 USD',
    'Demurrage USD 150.00 later',
  ])('reads no fee from %j', (line) => {
    expect(readFeeLine(line)).toBeUndefined()
  })
})
