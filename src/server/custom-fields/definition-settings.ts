import { invalidField } from '../http/problem'
import { NUMBER_FORMAT_HINT, parseNumberFormat } from './number-format'
import { validateCustomFieldValue } from './validate-value'

const DATE_FORMATS = ['iso', 'short', 'medium', 'long']

/** Any other rule is refused rather than silently ignored. */
const RULES_OF: Record<string, string[]> = {
  short_text: ['min_length', 'max_length'],
  number: ['min', 'max'],
}

type Settings = {
  data_type: string
  display_name: string
  validation?: Record<string, unknown> | null
  default_format?: string | null
  default_value?: unknown
}

function checkFormat({ data_type, default_format }: Settings) {
  if (default_format === undefined || default_format === null) return
  const pointer = '/data/attributes/default_format'
  if (data_type === 'number') {
    if (!parseNumberFormat(default_format))
      throw invalidField(pointer, `A number's format is one of ${NUMBER_FORMAT_HINT}`, 'invalid')
    return
  }
  if (data_type === 'date' || data_type === 'datetime') {
    if (!DATE_FORMATS.includes(default_format))
      throw invalidField(pointer, `A ${data_type}'s format is one of ${DATE_FORMATS.join(', ')}`, 'invalid')
    return
  }
  throw invalidField(pointer, `A ${data_type} field has no format`, 'invalid')
}

function checkRules({ data_type, validation }: Settings) {
  if (!validation) return
  const allowed = RULES_OF[data_type] ?? []
  for (const rule of Object.keys(validation))
    if (!allowed.includes(rule))
      throw invalidField(
        `/data/attributes/validation/${rule}`,
        allowed.length === 0
          ? `A ${data_type} field has no validation rules`
          : `A ${data_type} field's rules are ${allowed.join(' and ')}`,
        'invalid',
      )
  const [low, high] = data_type === 'number' ? ['min', 'max'] : ['min_length', 'max_length']
  const [from, to] = [validation[low], validation[high]]
  if (typeof from === 'number' && typeof to === 'number' && from > to)
    throw invalidField(`/data/attributes/validation/${low}`, `${low} is more than ${high}`, 'invalid')
}

/** An enum's default is checked against its options only once it has some. */
export function checkDefinitionSettings(settings: Settings) {
  checkFormat(settings)
  checkRules(settings)
  if (settings.default_value === undefined || settings.default_value === null) return
  if (settings.data_type === 'enum' || settings.data_type === 'enum_multi') return
  const checked = validateCustomFieldValue(settings, [], settings.default_value)
  if (!checked.ok) throw invalidField('/data/attributes/default_value', checked.detail, 'invalid')
}
