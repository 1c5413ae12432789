const HOLD_WORDS: Record<string, string> = {
  customs: 'customs hold',
  freight: 'freight hold',
  USDA: 'USDA hold',
  VACIS: 'VACIS exam',
  TMF: 'Traffic Mitigation Fee hold',
  other: 'terminal hold',
}

/** A hold in plain words, "(pending)" when it is not yet in force; an unknown name is shown as sent. */
export const holdWords = (hold: { name: string; status?: string | null }) =>
  `${HOLD_WORDS[hold.name] ?? `${hold.name} hold`}${hold.status === 'pending' ? ' (pending)' : ''}`
