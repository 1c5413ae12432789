import type { AuditEvent } from '../../../contract/people'

type Attributes = AuditEvent['attributes']

const ACTIONS: Record<string, string> = {
  'shipment.updated': 'edited the shipment',
  'container.updated': 'edited the container',
  'shipment.tracking_stopped': 'stopped tracking',
  'shipment.tracking_resumed': 'resumed tracking',
  'custom_field.set': 'set a field',
  'custom_field.cleared': 'cleared a field',
  'document.linked': 'linked a document',
  'document.unlinked': 'unlinked a document',
}

const FIELD_NAMES: Record<string, string> = {
  tags: 'Tags',
  ref_numbers: 'Reference numbers',
  line_tracking_stopped_at: 'Tracking stopped at',
  line_tracking_stopped_reason: 'Reason tracking stopped',
  document: 'Document',
}

const sentenceCase = (key: string) => {
  const words = key.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A value in words: nothing is "none", a list is joined, a choice or flag is said plainly. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueWords).join(', ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export type ChangeLine = { field: string; before: string; after: string }

/** Each field named once, with what it was and what it became. */
export function changeLines(attributes: Attributes): ChangeLine[] {
  const before = attributes.before ?? {}
  const after = attributes.after ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields.map((field) => ({
    field: FIELD_NAMES[field] ?? sentenceCase(field),
    before: valueWords(before[field]),
    after: valueWords(after[field]),
  }))
}

export const actionWords = (action: string | null | undefined) =>
  (action && ACTIONS[action]) ?? (action ? action.replace(/[._]/g, ' ') : 'made a change')

/** A person by name; a key by its name and that it is a key; the dashboard or the API. */
export function actorWords(attributes: Attributes) {
  const name = attributes.actor_name ?? (attributes.actor_kind === 'system' ? 'Quayside' : 'Someone')
  const who = attributes.actor_kind === 'key' ? `${name} (API key)` : name
  const where =
    attributes.via === 'dashboard' ? 'in the dashboard' : attributes.via === 'api' ? 'through the API' : ''
  return { who, where }
}
