export type NumberFormat =
  | { kind: 'integer' }
  | { kind: 'decimal'; places?: number }
  | { kind: 'percent' }
  | { kind: 'currency'; code: string }

export const NUMBER_FORMAT_HINT =
  'integer, decimal, decimal:2 (0 to 6 places), percent or currency:USD, or a pattern such as 0, 0,0.00, 0.0% or $0,0.00'

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' }

/** As clients of the reference send. */
function fromPattern(text: string): NumberFormat | undefined {
  const match = /^([$€£])?0(?:,0)?(?:\.(0{1,6}))?(%)?$/.exec(text)
  if (!match) return undefined
  const [, symbol, decimals = '', percent] = match
  if (symbol && percent) return undefined
  if (symbol) return { kind: 'currency', code: SYMBOLS[symbol] }
  if (percent) return { kind: 'percent' }
  return decimals ? { kind: 'decimal', places: decimals.length } : { kind: 'integer' }
}

const knownCurrency = (code: string) => {
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    return Intl.supportedValuesOf('currency').includes(code)
  } catch {
    return false
  }
}

export function parseNumberFormat(text: string): NumberFormat | undefined {
  if (text === 'integer' || text === 'decimal' || text === 'percent') return { kind: text }
  const decimal = /^decimal:([0-6])$/.exec(text)
  if (decimal) return { kind: 'decimal', places: Number(decimal[1]) }
  const currency = /^currency:([A-Z]{3})$/.exec(text)
  if (currency && knownCurrency(currency[1])) return { kind: 'currency', code: currency[1] }
  return fromPattern(text)
}

/** en-US grouping, as display values are stored once. */
export function formatNumber(value: number, format: NumberFormat | undefined) {
  switch (format?.kind) {
    case 'integer':
      return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value)
    case 'decimal':
      return new Intl.NumberFormat('en-US', {
        minimumFractionDigits: format.places,
        maximumFractionDigits: format.places ?? 6,
      }).format(value)
    case 'percent':
      return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(value)}%`
    case 'currency':
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: format.code }).format(value)
    default:
      return new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(value)
  }
}
