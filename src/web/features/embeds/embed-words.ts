import type { EMBED_FIELD_GROUPS, EMBED_SCOPE_KINDS } from '../../../contract/embed-tokens'

export const SCOPE_WORDS: Record<(typeof EMBED_SCOPE_KINDS)[number], string> = {
  shipments: 'These shipments',
  customer: "One customer's shipments",
  tag: 'Shipments with a tag',
  track_by_number: 'Any number already tracked, looked up by the visitor',
}

export const FIELD_WORDS: Record<(typeof EMBED_FIELD_GROUPS)[number], string> = {
  vessel: 'Vessel and voyage',
  references: 'References, tags and customer name',
  holds: 'Holds at the terminal',
  last_free_day: 'Last free day and appointments',
  fees: 'Fees (demurrage, detention and others)',
  timeline: 'Timeline of events',
}
