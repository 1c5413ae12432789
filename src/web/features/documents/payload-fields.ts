import { z } from 'zod/mini'
import { RepresentationPayloadSchema } from '../../../contract/document-types'

export type Payload = z.infer<typeof RepresentationPayloadSchema>
export type ReadValue = NonNullable<Payload['values']>[number]

export const FIELD_GROUPS = [
  {
    title: 'Numbers',
    fields: [
      { name: 'bill_of_lading_number', label: 'Bill of lading number', read: 'bill_of_lading_number' },
      { name: 'container_numbers', label: 'Container numbers', read: 'container_number', list: true },
    ],
  },
  {
    title: 'Vessel and voyage',
    fields: [
      { name: 'vessel_name', label: 'Vessel', read: 'vessel_name' },
      { name: 'voyage_number', label: 'Voyage', read: 'voyage_number' },
    ],
  },
  {
    title: 'Ports',
    fields: [
      { name: 'port_of_loading', label: 'Port of loading', read: 'port_of_loading' },
      { name: 'port_of_discharge', label: 'Port of discharge', read: 'port_of_discharge' },
    ],
  },
  {
    title: 'Dates',
    fields: [
      { name: 'eta', label: 'ETA', read: 'eta', date: true },
      { name: 'last_free_day', label: 'Last free day', read: 'last_free_day', date: true },
    ],
  },
] as const

type FieldName = (typeof FIELD_GROUPS)[number]['fields'][number]['name']
type FieldSpec = { name: FieldName; label: string; read: string; list?: boolean; date?: boolean }
export const FIELDS: FieldSpec[] = FIELD_GROUPS.flatMap((g): readonly FieldSpec[] => g.fields)
const FIELD_NAMES = FIELDS.map((f) => f.name)
const LIST_FIELDS = new Set<string>(['container_numbers'])

export type CorrectionValues = Record<Exclude<FieldName, 'container_numbers'>, string> & {
  container_numbers: string[]
  document_type_manual: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const text = z.string().check(z.maxLength(200, { error: 'must be at most 200 characters' }))
const date = z
  .string()
  .check(z.refine((v) => v === '' || DATE.test(v), { error: 'must be a date as YYYY-MM-DD' }))

/** Empty means "as read". */
export const CorrectionFormSchema = z.object({
  bill_of_lading_number: text,
  container_numbers: z.array(z.string().check(z.maxLength(20))).check(z.maxLength(100)),
  vessel_name: text,
  voyage_number: text,
  port_of_loading: text,
  port_of_discharge: text,
  eta: date,
  last_free_day: date,
  document_type_manual: z.string(),
})

/** What does not fit the contract leaves the form empty, never the page blank. */
export function readPayload(raw: unknown): Payload | undefined {
  const parsed = RepresentationPayloadSchema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

const asText = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))

export function formValues(
  payload: Payload | undefined,
  manualType: string | null | undefined,
): CorrectionValues {
  const p = (payload ?? {}) as Record<string, unknown>
  const values = Object.fromEntries(
    FIELD_NAMES.map((name) =>
      LIST_FIELDS.has(name)
        ? [name, Array.isArray(p[name]) ? (p[name] as unknown[]).map(asText) : []]
        : [name, asText(p[name])],
    ),
  )
  return { ...values, document_type_manual: manualType ?? '' } as CorrectionValues
}

/** Emptying a corrected field sends null, so what was read shows again. */
export function correctionsToSend(before: CorrectionValues, after: CorrectionValues, corrected: string[]) {
  const changes: Record<string, string | string[] | null> = {}
  for (const name of FIELD_NAMES) {
    const was = before[name]
    const now = after[name]
    if (JSON.stringify(was) === JSON.stringify(now)) continue
    const empty = Array.isArray(now) ? now.length === 0 : now.trim() === ''
    if (empty) {
      if (corrected.includes(name)) changes[name] = null
      continue
    }
    changes[name] = Array.isArray(now) ? now.map((v) => v.trim().toUpperCase()) : now.trim()
  }
  return changes
}

export function placeOf(values: ReadValue[], read: string, shown?: unknown) {
  const of = values.filter((v) => v.field === read)
  return of.find((v) => v.value === shown) ?? of.toSorted((a, b) => b.confidence - a.confidence)[0]
}

export const confidenceWords = (confidence: number) => `${Math.round(confidence * 100)}% sure`
