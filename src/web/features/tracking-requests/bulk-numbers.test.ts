import { describe, expect, it } from 'vitest'
import { checkDigitProblem, parseNumbers } from './bulk-numbers'

describe('numbers pasted or uploaded at once', () => {
  it('reads one a line, or the first cell of a CSV with a header, dropping blanks and repeats', () => {
    const lines = parseNumbers('Number,Reference\r\nMEDU700000000, PO-1\n\n"CSQU3054383";x\nmedu700000000\n')
    expect(lines.map((l) => [l.line, l.number])).toEqual([
      [2, 'MEDU700000000'],
      [4, 'CSQU3054383'],
    ])
    expect(lines.every((l) => l.problem === undefined)).toBe(true)
  })

  it('marks a container number with a wrong check digit and suggests the likely one', () => {
    const [line] = parseNumbers('CSQU3054384')
    expect(line.problem).toBe(
      "This container number's check digit should be 3, not 4. Did you mean CSQU3054383?",
    )
    expect(checkDigitProblem('csqu3045383')?.suggestions[0]).toBe('CSQU3054383')
    expect(checkDigitProblem('CSQU3054383')).toBeUndefined()
    expect(checkDigitProblem('MEDU700000000')).toBeUndefined()
  })
})
