import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from './csv'

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell(null)).toBe('')
    expect(csvRow(['a', 1, undefined, '-1'])).toBe("a,1,,'-1")
  })

  it('writes a negative number as a number, not as defused text', () => {
    expect(csvCell(-3)).toBe('-3')
    expect(csvRow(['MSCU1234566', -2, 0])).toBe('MSCU1234566,-2,0')
  })
})
