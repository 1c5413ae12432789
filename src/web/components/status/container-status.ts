import { isOnHold, isWaiting, lfdZoneOf } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'

const STATUS_WORDS: Record<string, string> = {
  new: 'Not yet shipped',
  loaded: 'Loaded',
  on_ship: 'On vessel',
  available: 'Available',
  not_available: 'Not available',
  grounded: 'At terminal',
  on_rail: 'On rail',
  awaiting_inland_transfer: 'Awaiting rail',
  picked_up: 'Picked up',
  off_dock: 'Off dock',
  delivered: 'Delivered',
  dropped: 'Dropped',
  empty_returned: 'Empty returned',
}

export const statusWords = (status: string | null | undefined) =>
  status ? (STATUS_WORDS[status] ?? status.replaceAll('_', ' ')) : 'Unknown'

export function soonestLfd(containers: Container[]) {
  return containers
    .filter((c) => isWaiting(c.attributes) && c.attributes.pickup_lfd)
    .map((c) => ({ lfd: c.attributes.pickup_lfd!, zone: lfdZoneOf(c.attributes) }))
    .sort((a, b) => Date.parse(a.lfd) - Date.parse(b.lfd))[0]
}

/** Containers, not holds. */
export const containersOnHold = (containers: Container[]) =>
  containers.filter((c) => isOnHold(c.attributes)).length

export function statusSummary(containers: Container[]) {
  const counts = new Map<string, number>()
  for (const c of containers) {
    const words = statusWords(c.attributes.current_status)
    counts.set(words, (counts.get(words) ?? 0) + 1)
  }
  return [...counts].map(([words, n]) => `${n} ${words.toLowerCase()}`).join(', ')
}
