import { isValidContainerNumber, likelyContainerNumbers } from '../../contract/container-number'
import { DATE, parseDocumentDate } from './document-dates'
import { readFeeLine } from './fee-lines'

export type ExtractedValue = {
  field: string
  value: string | number | { type: string; amount: number; currency: string }
  page: number
  start: number
  end: number
  text: string
  confidence: number
}
export type RejectedValue = Omit<ExtractedValue, 'value' | 'confidence'> & {
  reason: string
  suggestions: string[]
}

type Rule = {
  field: string
  label: RegExp
  value: RegExp
  confidence: number
  parse?: (raw: string) => string | null
}

const LABEL_END = String.raw`\s*(?:no\.?|number|#)?\s*[:.\-]?\s*`
const label = (words: string) => new RegExp(String.raw`(?:${words})${LABEL_END}`, 'i')
// the lookaheads see at most two characters, so a search costs a bounded amount at each word
const PLACE = /\b([A-Z][A-Za-z .'-]{1,40}?(?:,\s{0,3}[A-Z]{2})?)(?=\s\s|\s?[(/]|\s?$)/m

const RULES: Rule[] = [
  {
    field: 'bill_of_lading_number',
    label: label(String.raw`b\/l|bill of lading|\bbol\b|\bmbl\b|\bbl\b|master b\/l`),
    value: /([A-Z0-9]{8,20})\b/,
    confidence: 0.9,
  },
  {
    field: 'booking_number',
    label: label(String.raw`booking`),
    value: /([A-Z0-9]{6,20})\b/,
    confidence: 0.8,
  },
  {
    field: 'vessel_name',
    label: /vessel(?:\s*name)?\s*(?:\/\s*voy(?:age)?)?\s*[:.]?\s*/i,
    value: /\b([A-Z][A-Z0-9 .'-]{2,30}?)(?=\s\s|\s?\/|\s?$|\sv\.?\s{0,3}\d|\svoy)/im,
    confidence: 0.85,
  },
  {
    field: 'voyage_number',
    label: /(?<!\/\s*)\bvoy(?:age)?(?:\s*no\.?)?\s*[:.]?\s*/i,
    value: /([A-Z0-9]{2,10})\b/i,
    confidence: 0.8,
  },
  {
    field: 'voyage_number',
    label: /vessel\s*\/\s*voy(?:age)?\s*[:.]?\s*/i,
    value: /\b[A-Z][A-Z0-9 .'-]{0,40}?\s{0,3}\/\s{0,3}([A-Z0-9]{2,10})\b/i,
    confidence: 0.8,
  },
  {
    field: 'port_of_loading',
    label: /(?:port of loading|\bPOL\b)\s*[:.]?\s*/i,
    value: PLACE,
    confidence: 0.8,
  },
  {
    field: 'port_of_discharge',
    label: /(?:port of discharge|\bPOD\b|discharge port)\s*[:.]?\s*/i,
    value: PLACE,
    confidence: 0.8,
  },
  {
    field: 'eta',
    label: /(?:\bETA\b|estimated (?:time of )?arrival|arrival date)\s*[:.]?\s*/i,
    value: DATE,
    confidence: 0.85,
    parse: parseDocumentDate,
  },
  {
    field: 'last_free_day',
    label: /(?:last free day|\bLFD\b|free time (?:expires|ends)(?: on)?)\s*[:.]?\s*/i,
    value: DATE,
    confidence: 0.85,
    parse: parseDocumentDate,
  },
]

const CONTAINER = /\b([A-Z]{3}[UJZ])[\s-]?(\d{6})[\s-]?(\d)\b/g
const VALUE_WINDOW = 160

/** Each character is looked at a bounded number of times (`bol bol bol …` is 40,000 labels on one line). */
function readLabelled(rule: Rule, page: string, pageNumber: number): ExtractedValue[] {
  const found: ExtractedValue[] = []
  const labels = [...page.matchAll(new RegExp(rule.label.source, 'gi'))]
  let lineEnd = -1
  labels.forEach((match, index) => {
    const from = match.index + match[0].length
    if (lineEnd < from) {
      const newline = page.indexOf('\n', from)
      lineEnd = newline < 0 ? page.length : newline
    }
    const to = Math.min(lineEnd, labels[index + 1]?.index ?? page.length, from + VALUE_WINDOW)
    const value = page.slice(from, Math.max(from, to)).match(rule.value)
    if (!value || value.index === undefined) return
    const raw = value[1].trim()
    const parsed = rule.parse ? rule.parse(raw) : raw.toUpperCase()
    if (!parsed) return
    const start = from + value.index + value[0].indexOf(value[1])
    found.push({
      field: rule.field,
      value: parsed,
      page: pageNumber,
      start,
      end: start + raw.length,
      text: raw,
      confidence: rule.confidence,
    })
  })
  return found
}

function readContainers(page: string, pageNumber: number) {
  const values: ExtractedValue[] = []
  const rejected: RejectedValue[] = []
  for (const match of page.matchAll(CONTAINER)) {
    const number = `${match[1]}${match[2]}${match[3]}`
    const place = { page: pageNumber, start: match.index, end: match.index + match[0].length, text: match[0] }
    if (isValidContainerNumber(number))
      values.push({ field: 'container_number', value: number, confidence: 0.95, ...place })
    else
      rejected.push({
        field: 'container_number',
        reason: 'The ISO 6346 check digit is wrong',
        suggestions: likelyContainerNumbers(number),
        ...place,
      })
  }
  return { values, rejected }
}

function readFees(page: string, pageNumber: number): ExtractedValue[] {
  const fees: ExtractedValue[] = []
  for (let lineStart = 0; lineStart <= page.length; ) {
    const newline = page.indexOf('\n', lineStart)
    const lineEnd = newline < 0 ? page.length : newline
    const fee = readFeeLine(page.slice(lineStart, lineEnd))
    if (fee && !/total|subtotal|balance/i.test(fee.type))
      fees.push({
        field: 'fee',
        value: { type: fee.type, amount: fee.amount, currency: fee.currency },
        page: pageNumber,
        start: lineStart + fee.start,
        end: lineStart + fee.end,
        text: page.slice(lineStart + fee.start, lineStart + fee.end),
        confidence: 0.75,
      })
    lineStart = lineEnd + 1
  }
  return fees
}

/** So a test can give each its worst case. */
export const EXTRACTION_PATTERNS: Record<string, RegExp> = {
  container: CONTAINER,
  ...Object.fromEntries(
    RULES.flatMap((rule, index) => [
      [`${rule.field} ${index} label`, new RegExp(rule.label.source, 'gi')],
      [`${rule.field} ${index} value`, rule.value],
    ]),
  ),
}

/** Enough for a bill of lading with hundreds of containers. */
const MAX_VALUES = 1000
const MAX_REJECTED = 100

const keep = <T>(into: T[], found: T[], most: number) => {
  for (const item of found) if (into.length < most) into.push(item)
}

export function extractFields(pages: string[]) {
  const values: ExtractedValue[] = []
  const rejected: RejectedValue[] = []
  pages.forEach((page, index) => {
    const pageNumber = index + 1
    const containers = readContainers(page, pageNumber)
    keep(values, containers.values, MAX_VALUES)
    keep(rejected, containers.rejected, MAX_REJECTED)
    for (const rule of RULES) keep(values, readLabelled(rule, page, pageNumber), MAX_VALUES)
    keep(values, readFees(page, pageNumber), MAX_VALUES)
  })
  return { values, rejected }
}
