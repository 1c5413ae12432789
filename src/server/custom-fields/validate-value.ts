import type { CustomFieldDefinition, CustomFieldOption } from '../storage/custom-field-store'

type Result = { ok: true; value: unknown; display: string | null } | { ok: false; detail: string }

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3])
}

/** A full ISO 8601 time with its offset, on a day the calendar has (Date.parse would roll 02-30 into March). */
const isDateTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(
    value,
  ) &&
  isCalendarDate(value.slice(0, 10)) &&
  !Number.isNaN(Date.parse(value))

type Rules = { min?: number; max?: number; min_length?: number; max_length?: number }

/** The definition's own limits, beyond its data type: a number's range, a text's length. */
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

/**
 * Checks a custom field value against its definition's data type, options and validation rules, and
 * works out the stored value and the text shown to people. A null value clears the field.
 */
export function validateCustomFieldValue(
  definition: Pick<CustomFieldDefinition, 'data_type' | 'display_name'> & {
    validation?: Record<string, unknown> | null
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
  definition: Pick<CustomFieldDefinition, 'data_type' | 'display_name'>,
  options: Pick<CustomFieldOption, 'value' | 'label'>[],
  value: unknown,
): Result {
  const name = definition.display_name
  if (value === null) return { ok: true, value: null, display: null }
  switch (definition.data_type) {
    case 'short_text':
      if (typeof value !== 'string') return { ok: false, detail: `${name} takes text` }
      if (value.length > 255) return { ok: false, detail: `${name} is at most 255 characters` }
      return { ok: true, value, display: value }
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN
      if (!Number.isFinite(number)) return { ok: false, detail: `${name} takes a number, such as 42 or 3.5` }
      return { ok: true, value: number, display: new Intl.NumberFormat('en-US').format(number) }
    }
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
        return { ok: false, detail: `${name} must be one of: ${options.map((o) => o.value).join(', ')}` }
      return { ok: true, value: option.value, display: option.label }
    }
    case 'enum_multi': {
      if (!Array.isArray(value)) return { ok: false, detail: `${name} takes a list of options` }
      const chosen = value.map((v) => options.find((o) => o.value === v))
      const unknown = value.filter((_, i) => !chosen[i])
      if (unknown.length > 0)
        return {
          ok: false,
          detail: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an option' : 'are not options'} of ${name}`,
        }
      return { ok: true, value: [...new Set(value)], display: chosen.map((o) => o!.label).join(', ') }
    }
    case 'reference':
      if (typeof value !== 'string' || value.trim() === '')
        return { ok: false, detail: `${name} takes the id of what it refers to` }
      return { ok: true, value, display: value }
    default:
      return { ok: false, detail: `${name} has a data type this service does not support` }
  }
}
