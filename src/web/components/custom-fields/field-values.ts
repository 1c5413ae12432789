import type { CustomFieldDefinition, CustomFieldOption } from '../../../contract/custom-fields'

export type Definition = CustomFieldDefinition & { options: CustomFieldOption[] }

export function withOptions(document: {
  data: CustomFieldDefinition[]
  included?: { type: string; id: string; attributes?: Record<string, unknown> }[]
}): Definition[] {
  const options = new Map(
    (document.included ?? [])
      .filter((r): r is CustomFieldOption => r.type === 'custom_field_option')
      .map((r) => [r.id, r]),
  )
  return document.data.map((definition) => ({
    ...definition,
    options: (definition.relationships?.options?.data ?? [])
      .map((ref) => options.get(ref.id))
      .filter((o): o is CustomFieldOption => o !== undefined)
      .sort((a, b) => (a.attributes.position ?? 0) - (b.attributes.position ?? 0)),
  }))
}

export const slugFrom = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 63)

const parts = (instant: Date, zone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )

export function wallTimeIn(iso: string, zone: string) {
  const p = parts(new Date(iso), zone)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** Read in the port's zone, not the browser's: a first guess corrected by the offset, twice across a change. */
export function instantOf(wallTime: string, zone: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime)
  if (!match) return undefined
  const [, y, mo, d, h, mi] = match.map(Number)
  const wanted = Date.UTC(y, mo - 1, d, h, mi)
  let guess = wanted
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(guess), zone)
    const shown = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    )
    guess += wanted - shown
  }
  return new Date(guess).toISOString()
}

export function draftOf(definition: Definition, value: unknown, zone: string): string | string[] | boolean {
  switch (definition.attributes.data_type) {
    case 'boolean':
      return value === true
    case 'enum_multi':
      return Array.isArray(value) ? value.map(String) : []
    case 'datetime':
      return typeof value === 'string' ? wallTimeIn(value, zone) : ''
    default:
      return value === null || value === undefined ? '' : String(value)
  }
}

export function apiValueOf(
  definition: Definition,
  draft: string | string[] | boolean,
  zone: string,
): unknown {
  switch (definition.attributes.data_type) {
    case 'boolean':
      return draft === true
    case 'enum_multi':
      return draft
    case 'number':
      return draft === '' ? null : String(draft).trim()
    case 'datetime':
      return draft === '' ? null : (instantOf(String(draft), zone) ?? String(draft))
    default:
      return draft === '' ? null : draft
  }
}
