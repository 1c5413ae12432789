export type FeeLine = { type: string; amount: number; currency: string; start: number; end: number }

const CODES = new Set(['USD', 'EUR', 'GBP', 'CNY', 'CAD'])
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' }
const TYPE = /^[A-Za-z][A-Za-z /&().'-]{2,40}$/
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char)
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9'

function amountStart(line: string, end: number) {
  if (!isDigit(line[end - 1]) || !isDigit(line[end - 2]) || line[end - 3] !== '.') return -1
  let start = end - 3
  while (start > 0 && (isDigit(line[start - 1]) || line[start - 1] === ',')) start--
  return start < end - 3 ? start : -1
}

function moneyAtEnd(line: string, end: number) {
  const code = line.slice(end - 3, end)
  if (CODES.has(code)) {
    const amountEnd = isSpace(line[end - 4]) ? end - 4 : end - 3
    const start = amountStart(line, amountEnd)
    if (start > 0) return { currency: code, amount: line.slice(start, amountEnd), start }
  }
  const start = amountStart(line, end)
  if (start <= 0) return undefined
  const before = isSpace(line[start - 1]) ? start - 1 : start
  const symbol = line[before - 1]
  if (SYMBOLS[symbol]) return { currency: SYMBOLS[symbol], amount: line.slice(start, end), start: before - 1 }
  const word = line.slice(before - 3, before)
  if (CODES.has(word)) return { currency: word, amount: line.slice(start, end), start: before - 3 }
  return undefined
}

/** Walked a constant number of times, without a regular expression that could backtrack. */
export function readFeeLine(line: string): FeeLine | undefined {
  let end = line.length
  while (end > 0 && isSpace(line[end - 1])) end--
  const money = moneyAtEnd(line, end)
  if (!money || !isSpace(line[money.start - 1])) return undefined
  let start = 0
  while (line[start] === ' ' || line[start] === '\t') start++
  let typeEnd = money.start
  while (typeEnd > start && isSpace(line[typeEnd - 1])) typeEnd--
  if (line[typeEnd - 1] === ':' || line[typeEnd - 1] === '.') typeEnd--
  while (typeEnd > start && isSpace(line[typeEnd - 1])) typeEnd--
  const type = line.slice(start, typeEnd)
  if (type.length > 41 || !TYPE.test(type)) return undefined
  return { type, amount: Number(money.amount.replaceAll(',', '')), currency: money.currency, start, end }
}
