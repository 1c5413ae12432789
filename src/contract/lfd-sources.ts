import { z } from 'zod/mini'
import { openEnum, timestamp } from './document'

/** Everyone who can name a container's last free day. */
export const LFD_SOURCE_KINDS = ['person', 'terminal', 'rail', 'document', 'line'] as const
export type LfdSourceKind = (typeof LFD_SOURCE_KINDS)[number]

/**
 * The tracking engine checks a waiting container's terminal (and ramp) at least this often; a last free
 * day last checked longer ago than this is stale: it may no longer be true, so it is "unconfirmed".
 */
export const LFD_CHECK_INTERVAL_MS = 6 * 3_600_000

/** One source's last free day: its value (an instant or YYYY-MM-DD), when it was last checked, and by whom. */
export const LfdSourceSchema = z.looseObject({
  kind: openEnum(LFD_SOURCE_KINDS),
  value: timestamp,
  checked_at: z.nullish(timestamp),
  /** The person (their API key's or session's name) who corrected it. */
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

/** What the rule reads from a container: its deadlines, when each was checked, and the sources documents gave. */
export type LfdFacts = {
  import_deadlines?: Deadlines | undefined
  terminal_checked_at?: string | Date | null
  rail_last_tracking_request_at?: string | Date | null
  shipment_last_tracking_request_at?: string | Date | null
  pod_rail_carrier_scac?: string | null
  ind_rail_carrier_scac?: string | null
  /** The sources last kept: those documents and people gave are kept, the engine's come from `import_deadlines`. */
  lfd_sources?: readonly LfdSource[] | null
}

const text = (value: string | Date | null | undefined) =>
  value instanceof Date ? value.toISOString() : (value ?? null)

/** Every source's last free day for a container, the engine's and the documents', in the rule's order. */
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

/** Where the container is picked up: at a rail ramp when a railroad carries it inland, else at the terminal. */
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

/**
 * The one rule for the last free day that counts: a person's correction first; then the terminal for a
 * pickup at the terminal, or the railroad for a pickup at a rail ramp; then an arrival notice; the shipping
 * line only when nothing else is known. A terminal's date never counts at a ramp, nor the railroad's at a terminal.
 */
export function countingLfd(a: LfdFacts): CountingLfd | undefined {
  const sources = lfdSourcesOf(a)
  for (const kind of RANK[pickupPlaceOf(a)]) {
    const source = sources.find((s) => s.kind === kind)
    if (source) return { source, why: WHY[kind] }
  }
  return undefined
}

/** A document's date (YYYY-MM-DD) as the instant the service stores: noon UTC falls on that day in every port's zone we serve. */
export const lfdInstant = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00.000Z` : value

/** Whether a source was last checked longer ago than the engine's check interval. A person's word does not go stale. */
export function isStaleSource(source: Pick<LfdSource, 'kind' | 'checked_at'>, now: Date) {
  if (source.kind === 'person' || source.kind === 'document' || !source.checked_at) return false
  const checked = Date.parse(source.checked_at)
  return !Number.isNaN(checked) && now.getTime() - checked > LFD_CHECK_INTERVAL_MS
}
