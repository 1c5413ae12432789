import type { CustomFieldDefinition, CustomFieldOption } from '../storage/custom-field-store'
import { formatNumber, type NumberFormat, parseNumberFormat } from './number-format'

type Result = { ok: true; value: unknown; display: string | null } | { ok: false; detail: string }

/** Date.UTC alone reads year 0 as 1900. */
const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match || match[1] === '0000') return false
  const date = new Date(0)
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3])
}

/** Past it a double loses whole units. */
const LARGEST = Number.MAX_SAFE_INTEGER
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** No hex, exponents, spaces or separators. */
function readNumber(name: string, value: unknown, format: NumberFormat | undefined): Result {
  const text = typeof value === 'string' ? value : undefined
  const number =
    typeof value === 'number' ? value : text && PLAIN_NUMBER.test(text) ? Number(text) : Number.NaN
  if (!Number.isFinite(number))
    return {
      ok: false,
      detail:
        text !== undefined && /[\d]/.test(text)
          ? `${name} takes a number written with digits and a decimal point only, such as 1250.5 (not ${JSON.stringify(text.slice(0, 40))})`
          : `${name} takes a number, such as 42 or 3.5`,
    }
  if (Math.abs(number) > LARGEST)
    return { ok: false, detail: `${name} is a number between -${LARGEST} and ${LARGEST}` }
  if (format?.kind === 'integer' && !Number.isInteger(number))
    return { ok: false, detail: `${name} takes a whole number, such as 42` }
  if (format?.kind === 'decimal' && format.places !== undefined && decimalPlaces(number) > format.places)
    return {
      ok: false,
      detail: `${name} takes at most ${format.places} decimal place${format.places === 1 ? '' : 's'}`,
    }
  return { ok: true, value: number, display: formatNumber(number, format) }
}

const decimalPlaces = (number: number) => {
  const [, fraction = ''] = String(number).split('.')
  return /e-/.test(String(number)) ? 20 : fraction.length
}

function readOptions(
  name: string,
  options: Pick<CustomFieldOption, 'value' | 'label'>[],
  value: unknown,
): Result {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    return { ok: false, detail: `${name} takes a list of options, such as ["${options[0]?.value ?? 'a'}"]` }
  const twice = value.filter((v, i) => value.indexOf(v) !== i)
  if (twice.length > 0)
    return { ok: false, detail: `${name} lists ${[...new Set(twice)].join(', ')} more than once` }
  const chosen = value.map((v) => options.find((o) => o.value === v))
  const unknown = value.filter((_, i) => !chosen[i])
  if (unknown.length > 0)
    return {
      ok: false,
      detail: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an option' : 'are not options'} of ${name}`,
    }
  return { ok: true, value, display: chosen.map((o) => o!.label).join(', ') }
}

/** Date.parse would roll 02-30 into March. */
const isDateTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(
    value,
  ) &&
  isCalendarDate(value.slice(0, 10)) &&
  !Number.isNaN(Date.parse(value))

type Rules = { min?: number; max?: number; min_length?: number; max_length?: number }

function checkRules(name: string, rules: Rules, value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (rules.min !== undefined && value < rules.min) return `${name} is at least ${rules.min}`
    if (rules.max !== undefined && value > rules.max) return `${name} is at most ${rules.max}`
  }
  if (typeof value === 'string') {
    if (rules.min_length !== undefined && value.length < rules.min_length)
      return `${name} is at least ${rules.min_length} characters`
    if (rules.max_length !== undefined && value.length > rules.max_length)
      return `${name} is at most ${rules.max_length} characters`
  }
  return undefined
}

/** A null value clears the field. */
export function validateCustomFieldValue(
  definition: Pick<CustomFieldDefinition, 'data_type' | 'display_name'> & {
    validation?: Record<string, unknown> | null
    default_format?: string | null
  },
  options: Pick<CustomFieldOption, 'value' | 'label'>[],
  value: unknown,
): Result {
  const result = checkType(definition, options, value)
  if (!result.ok || !definition.validation) return result
  const broken = checkRules(definition.display_name, definition.validation as Rules, result.value)
  return broken ? { ok: false, detail: broken } : result
}

function checkType(
  definition: Pick<CustomFieldDefinition, 'data_type' | 'display_name'> & { default_format?: string | null },
  options: Pick<CustomFieldOption, 'value' | 'label'>[],
  value: unknown,
): Result {
  const name = definition.display_name
  if (value === null) return { ok: true, value: null, display: null }
  switch (definition.data_type) {
    case 'short_text':
      if (typeof value !== 'string') return { ok: false, detail: `${name} takes text` }
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
      if (/[\u0000-\u001f\u007f]/.test(value))
        return { ok: false, detail: `${name} takes one line of text, without tabs or control characters` }
      if (value.length > 255) return { ok: false, detail: `${name} is at most 255 characters` }
      return { ok: true, value, display: value }
    case 'number':
      return readNumber(
        name,
        value,
        definition.default_format ? parseNumberFormat(definition.default_format) : undefined,
      )
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value))
        return { ok: false, detail: `${name} takes a date written as YYYY-MM-DD, such as 2026-03-14` }
      return { ok: true, value, display: value }
    case 'datetime': {
      if (typeof value !== 'string' || !isDateTime(value))
        return {
          ok: false,
          detail: `${name} takes a date and time in ISO 8601, such as 2026-03-14T09:30:00Z`,
        }
      return { ok: true, value: new Date(value).toISOString(), display: new Date(value).toISOString() }
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value, display: value ? 'Yes' : 'No' }
      if (value === 'true' || value === 'false')
        return { ok: true, value: value === 'true', display: value === 'true' ? 'Yes' : 'No' }
      return { ok: false, detail: `${name} takes true or false` }
    case 'enum': {
      const option = options.find((o) => o.value === value)
      if (!option)
        return {
          ok: false,
          detail:
            options.length === 0
              ? `${name} has no options yet: add one before choosing it`
              : `${name} must be one of: ${options.map((o) => o.value).join(', ')}`,
        }
      return { ok: true, value: option.value, display: option.label }
    }
    case 'enum_multi':
      return readOptions(name, options, value)
    case 'reference':
      if (typeof value !== 'string' || value.trim() === '')
        return { ok: false, detail: `${name} takes the id of what it refers to` }
      return { ok: true, value, display: value }
    default:
      return { ok: false, detail: `${name} has a data type this service does not support` }
  }
}
