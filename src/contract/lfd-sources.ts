import { z } from 'zod/mini'
import { openEnum, timestamp } from './document'

export const LFD_SOURCE_KINDS = ['person', 'terminal', 'rail', 'document', 'line'] as const
export type LfdSourceKind = (typeof LFD_SOURCE_KINDS)[number]

/** A last free day checked longer ago than this is stale: "unconfirmed". */
export const LFD_CHECK_INTERVAL_MS = 6 * 3_600_000

export const LfdSourceSchema = z.looseObject({
  kind: openEnum(LFD_SOURCE_KINDS),
  value: timestamp,
  checked_at: z.nullish(timestamp),
  by: z.nullish(z.string()),
  document_id: z.nullish(z.string()),
  document_name: z.nullish(z.string()),
})
export type LfdSource = z.infer<typeof LfdSourceSchema>

type Deadlines = {
  pickup_lfd_terminal?: string | null
  pickup_lfd_rail?: string | null
  pickup_lfd_line?: string | null
} | null

export type LfdFacts = {
  import_deadlines?: Deadlines | undefined
  terminal_checked_at?: string | Date | null
  rail_last_tracking_request_at?: string | Date | null
  shipment_last_tracking_request_at?: string | Date | null
  pod_rail_carrier_scac?: string | null
  ind_rail_carrier_scac?: string | null
  lfd_sources?: readonly LfdSource[] | null
}

const text = (value: string | Date | null | undefined) =>
  value instanceof Date ? value.toISOString() : (value ?? null)

export function lfdSourcesOf(a: LfdFacts): LfdSource[] {
  const d = a.import_deadlines
  const engine: LfdSource[] = [
    { kind: 'terminal', value: d?.pickup_lfd_terminal ?? '', checked_at: text(a.terminal_checked_at) },
    {
      kind: 'rail',
      value: d?.pickup_lfd_rail ?? '',
      checked_at: text(a.rail_last_tracking_request_at ?? a.terminal_checked_at),
    },
    { kind: 'line', value: d?.pickup_lfd_line ?? '', checked_at: text(a.shipment_last_tracking_request_at) },
  ]
  const given = (a.lfd_sources ?? []).filter((s) => s.kind === 'person' || s.kind === 'document')
  return [...given, ...engine.filter((s) => s.value)].sort(
    (x, y) =>
      LFD_SOURCE_KINDS.indexOf(x.kind as LfdSourceKind) - LFD_SOURCE_KINDS.indexOf(y.kind as LfdSourceKind),
  )
}

export const pickupPlaceOf = (a: LfdFacts): 'rail' | 'terminal' =>
  a.import_deadlines?.pickup_lfd_rail || a.pod_rail_carrier_scac || a.ind_rail_carrier_scac
    ? 'rail'
    : 'terminal'

const RANK: Record<'rail' | 'terminal', readonly LfdSourceKind[]> = {
  terminal: ['person', 'terminal', 'document', 'line'],
  rail: ['person', 'rail', 'document', 'line'],
}

const WHY: Record<LfdSourceKind, string> = {
  person: 'a person corrected it, and a correction wins over every other source',
  terminal: 'the container is picked up at the terminal, and the terminal sets its last free day',
  rail: 'the container is picked up at the rail ramp, and the railroad sets its last free day',
  document: 'the arrival notice is all that is known besides the shipping line',
  line: "nothing else is known yet: the shipping line's is only an estimate",
}

export type CountingLfd = { source: LfdSource; why: string }

/** Person, then terminal (terminal pickup) or railroad (ramp pickup), then arrival notice, then the line. */
export function countingLfd(a: LfdFacts): CountingLfd | undefined {
  const sources = lfdSourcesOf(a)
  for (const kind of RANK[pickupPlaceOf(a)]) {
    const source = sources.find((s) => s.kind === kind)
    if (source) return { source, why: WHY[kind] }
  }
  return undefined
}

/** Noon UTC falls on that day in every port's zone we serve. */
export const lfdInstant = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00.000Z` : value

/** A person's word does not go stale. */
export function isStaleSource(source: Pick<LfdSource, 'kind' | 'checked_at'>, now: Date) {
  if (source.kind === 'person' || source.kind === 'document' || !source.checked_at) return false
  const checked = Date.parse(source.checked_at)
  return !Number.isNaN(checked) && now.getTime() - checked > LFD_CHECK_INTERVAL_MS
}
