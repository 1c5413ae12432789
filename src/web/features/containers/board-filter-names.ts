export const FILTER_NAMES = ['hold', 'terminal', 'carrier', 'customer', 'tag'] as const

export type TerminalChoice = { id: string; name: string }
