import type { Classification } from './classify-document'
import type { ExtractedValue, RejectedValue } from './extract-fields'

const CORRECTABLE_FIELDS = {
  bill_of_lading_number: 'one',
  container_numbers: 'list',
  vessel_name: 'one',
  voyage_number: 'one',
  port_of_loading: 'one',
  port_of_discharge: 'one',
  eta: 'one',
  last_free_day: 'one',
} as const

const SINGLE_FIELDS = [
  'bill_of_lading_number',
  'booking_number',
  'vessel_name',
  'voyage_number',
  'port_of_loading',
  'port_of_discharge',
  'eta',
  'last_free_day',
]

const unique = <T>(items: T[]) => [...new Set(items)]

/** A person's correction always wins over the likeliest reading. */
export function documentPayload(input: {
  classification: Classification
  manualType: string | null
  pages: number
  values: ExtractedValue[]
  rejected: RejectedValue[]
  corrections: Record<string, unknown>
}) {
  const { values, corrections } = input
  const of = (field: string) => values.filter((v) => v.field === field)
  const best = (field: string) => of(field).toSorted((a, b) => b.confidence - a.confidence)[0]?.value ?? null
  const payload: Record<string, unknown> = {
    document_type: input.manualType ?? input.classification.documentType,
    classification: {
      document_type: input.classification.documentType,
      confidence: input.classification.confidence,
      evidence: input.classification.evidence,
    },
    pages: input.pages,
    ...Object.fromEntries(SINGLE_FIELDS.map((field) => [field, best(field)])),
    bill_of_lading_numbers: unique(of('bill_of_lading_number').map((v) => v.value as string)),
    container_numbers: unique(of('container_number').map((v) => v.value as string)),
    fees: of('fee').map((v) => v.value),
    values,
    rejected: input.rejected,
  }
  // kept apart so that a correction removed later shows the reading again
  payload.read = Object.fromEntries(Object.keys(CORRECTABLE_FIELDS).map((field) => [field, payload[field]]))
  return withCorrections(payload, corrections, input.manualType)
}

export function withCorrections(
  payload: Record<string, unknown>,
  corrections: Record<string, unknown>,
  manualType: string | null,
) {
  const corrected = Object.keys(corrections).filter((field) => Object.hasOwn(CORRECTABLE_FIELDS, field))
  const classified = (payload.classification as { document_type?: string } | undefined)?.document_type
  const read = (payload.read ?? {}) as Record<string, unknown>
  // a correction taken back from a document not yet read leaves nothing, not the person's old value
  const before = Array.isArray(payload.corrected_fields) ? payload.corrected_fields : []
  const shown = (field: string) => {
    if (corrected.includes(field)) return corrections[field]
    if (Object.hasOwn(read, field)) return read[field]
    return before.includes(field) ? null : payload[field]
  }
  return {
    ...payload,
    ...Object.fromEntries(Object.keys(CORRECTABLE_FIELDS).map((field) => [field, shown(field)])),
    document_type: manualType ?? classified ?? payload.document_type,
    corrected_fields: corrected,
  }
}
