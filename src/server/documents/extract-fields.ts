import { isValidContainerNumber, likelyContainerNumbers } from '../../contract/container-number'

/** One value read from a document, with where it was read (page from 1, character span in that page's text). */
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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const DATE =
  /(\d{4}-\d{2}-\d{2}|\d{1,2}[-\s](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[-\s,]+\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{4})/i

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${year}-${pad(month)}-${pad(day)}`
    : null
}

/** A calendar date as `YYYY-MM-DD` from the ways documents write one; US order for `MM/DD/YYYY`. */
function parseDocumentDate(raw: string): string | null {
  const text = raw.trim().toLowerCase()
  let m = text.match(/^(\d{4})-(\d{2})-(\d{2})$/)
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]))
  m = text.match(/^(\d{1,2})[-\s]([a-z]{3})[a-z]*[-\s,]+(\d{4})$/)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[2]) + 1, Number(m[1]))
  m = text.match(/^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[1]) + 1, Number(m[2]))
  m = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/)
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]))
  return null
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
const PLACE = /([A-Z][A-Za-z .'-]{1,40}?(?:,\s*[A-Z]{2})?)(?=\s{2,}|\s*$|\s*\(|\s*\/)/m

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
    value: /([A-Z][A-Z0-9 .'-]{2,30}?)(?=\s*\/|\s+v\.?\s*\d|\s+voy|\s{2,}|\s*$)/im,
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
    value: /[A-Z][A-Z0-9 .'-]+?\s*\/\s*([A-Z0-9]{2,10})\b/i,
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
const FEE =
  /^[ \t]*([A-Za-z][A-Za-z /&().'-]{2,40}?)\s*[:.]?\s+(?:(USD|EUR|GBP|CNY|CAD|\$|€|£)\s?([\d,]+\.\d{2})|([\d,]+\.\d{2})\s?(USD|EUR|GBP|CNY|CAD))\s*$/gm
const CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' }

/** Each labelled value on a page: what follows its label on the same line. */
function readLabelled(rule: Rule, page: string, pageNumber: number): ExtractedValue[] {
  const found: ExtractedValue[] = []
  const labels = new RegExp(rule.label.source, 'gi')
  for (const match of page.matchAll(labels)) {
    const from = match.index + match[0].length
    const lineEnd = page.indexOf('\n', from)
    const rest = page.slice(from, lineEnd < 0 ? undefined : lineEnd)
    const value = rest.match(rule.value)
    if (!value || value.index === undefined) continue
    const raw = value[1].trim()
    const parsed = rule.parse ? rule.parse(raw) : raw.toUpperCase()
    if (!parsed) continue
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
  }
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
  return [...page.matchAll(FEE)].flatMap((match) => {
    const type = match[1].trim()
    if (/total|subtotal|balance/i.test(type)) return []
    const currency = CURRENCY[match[2]] ?? match[2] ?? match[5]
    const amount = Number((match[3] ?? match[4]).replaceAll(',', ''))
    const start = match.index + match[0].indexOf(match[1])
    return [
      {
        field: 'fee',
        value: { type, amount, currency },
        page: pageNumber,
        start,
        end: match.index + match[0].trimEnd().length,
        text: match[0].trim(),
        confidence: 0.75,
      },
    ]
  })
}

/** Everything Quayside reads from a document's pages, each value with its place; malformed numbers set aside. */
export function extractFields(pages: string[]) {
  const values: ExtractedValue[] = []
  const rejected: RejectedValue[] = []
  pages.forEach((page, index) => {
    const pageNumber = index + 1
    const containers = readContainers(page, pageNumber)
    values.push(...containers.values)
    rejected.push(...containers.rejected)
    for (const rule of RULES) values.push(...readLabelled(rule, page, pageNumber))
    values.push(...readFees(page, pageNumber))
  })
  return { values, rejected }
}
