import {
  containerCheckDigit,
  isValidContainerNumber,
  likelyContainerNumbers,
  looksLikeContainerNumber,
} from '../../../contract/container-number'

/** A container number whose check digit is wrong, in words, with what the person likely meant. */
export function checkDigitProblem(raw: string) {
  const number = raw.trim().toUpperCase()
  if (!looksLikeContainerNumber(number) || isValidContainerNumber(number)) return undefined
  return {
    words: `This container number's check digit should be ${containerCheckDigit(number)}, not ${number[10]}.`,
    suggestions: likelyContainerNumbers(number),
  }
}

export type BulkLine = { line: number; number: string; problem?: string }

/** A wrong check digit is marked before anything is sent; a CSV header row without digits is skipped. */
export function parseNumbers(text: string): BulkLine[] {
  const seen = new Set<string>()
  const lines: BulkLine[] = []
  text.split(/\r?\n/).forEach((row, index) => {
    const cell = row
      .split(/[,;\t]/)
      .map((c) => c.trim().replaceAll(/^"|"$/g, '').replaceAll(/\s+/g, '').toUpperCase())
      .find(Boolean)
    if (!cell || !/\d/.test(cell) || seen.has(cell)) return
    seen.add(cell)
    const problem = checkDigitProblem(cell)
    lines.push({
      line: index + 1,
      number: cell,
      problem: problem
        ? `${problem.words}${problem.suggestions[0] ? ` Did you mean ${problem.suggestions[0]}?` : ''}`
        : cell.length > 100
          ? 'Too long to be a bill of lading, booking or container number.'
          : undefined,
    })
  })
  return lines
}
