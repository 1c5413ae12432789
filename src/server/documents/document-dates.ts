const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}'

/** Every quantifier is bounded, so a search costs a fixed amount at each place it starts. */
export const DATE = new RegExp(
  String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}[-\s]${MONTH}[-\s,]{1,4}\d{4}|${MONTH}\.?\s{1,4}\d{1,2},?\s{1,4}\d{4}|\d{1,2}\/\d{1,2}\/\d{4})`,
  'i',
)

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${year}-${pad(month)}-${pad(day)}`
    : null
}

/** US order for `MM/DD/YYYY`. */
export function parseDocumentDate(raw: string): string | null {
  const text = raw.trim().toLowerCase()
  let m = text.match(/^(\d{4})-(\d{2})-(\d{2})$/)
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]))
  m = text.match(/^(\d{1,2})[-\s]([a-z]{3})[a-z]{0,6}[-\s,]{1,4}(\d{4})$/)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[2]) + 1, Number(m[1]))
  m = text.match(/^([a-z]{3})[a-z]{0,6}\.?\s{1,4}(\d{1,2}),?\s{1,4}(\d{4})$/)
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[1]) + 1, Number(m[2]))
  m = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/)
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]))
  return null
}
