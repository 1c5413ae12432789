import type { CustomFieldCondition } from '../storage/custom-field-list'
import type { CustomFieldDefinition, CustomFieldOption } from '../storage/custom-field-store'
import { validateCustomFieldValue } from './validate-value'

type Answer = { ok: true; test: CustomFieldCondition['test'] } | { ok: false; sentence: string }

const refused = (sentence: string): Answer => ({ ok: false, sentence })

/** Read as the field's own values are, so both sides compare the same way. */
function endpoint(definition: CustomFieldDefinition, raw: string) {
  if (raw === '') return { ok: true as const, value: undefined }
  const checked = validateCustomFieldValue({ ...definition, validation: null }, [], raw)
  return checked.ok ? { ok: true as const, value: checked.value } : checked
}

function readRange(definition: CustomFieldDefinition, raw: string): Answer {
  const [from, to, ...rest] = raw.includes('..') ? raw.split('..') : [raw, raw]
  const example = { number: '10..250', date: '2026-03-01..2026-03-31', datetime: '2026-03-01T00:00:00Z..' }[
    definition.data_type
  ]
  if (rest.length > 0 || (from === '' && to === ''))
    return refused(`must be a value or a range written from..to, such as ${example}`)
  const [start, end] = [endpoint(definition, from), endpoint(definition, to)]
  if (!start.ok) return refused(`must be a value or a range of them: ${start.detail}`)
  if (!end.ok) return refused(`must be a value or a range of them: ${end.detail}`)
  return { ok: true, test: { kind: 'range', from: start.value, to: end.value } }
}

function readOptions(definition: CustomFieldDefinition, options: CustomFieldOption[], raw: string): Answer {
  const values = raw.split(',').map((v) => v.trim())
  const unknown = values.filter((v) => !options.some((o) => o.value === v))
  if (unknown.length > 0)
    return refused(
      `names ${unknown.join(', ')}, not ${unknown.length === 1 ? 'an option' : 'options'} of ${definition.display_name} (${options.map((o) => o.value).join(', ') || 'it has none'})`,
    )
  return {
    ok: true,
    test: definition.data_type === 'enum' ? { kind: 'equals', values } : { kind: 'contains_any', values },
  }
}

/** Options any-of (comma list), `from..to` ranges open on either side, exact text. */
export function readCustomFieldFilter(
  definition: CustomFieldDefinition,
  options: CustomFieldOption[],
  raw: string,
): Answer {
  switch (definition.data_type) {
    case 'enum':
    case 'enum_multi':
      return readOptions(definition, options, raw)
    case 'number':
    case 'date':
    case 'datetime':
      return readRange(definition, raw)
    default: {
      const checked = validateCustomFieldValue({ ...definition, validation: null }, options, raw)
      if (!checked.ok) return refused(`must be a value of the field: ${checked.detail}`)
      return { ok: true, test: { kind: 'equals', values: [checked.value] } }
    }
  }
}
