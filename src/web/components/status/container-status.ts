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

/** A status in plain words; a status this version doesn't know is shown as sent, readably. */
export const statusWords = (status: string | null | undefined) =>
  status ? (STATUS_WORDS[status] ?? status.replaceAll('_', ' ')) : 'Unknown'

const isWaiting = (c: Container) =>
  !c.attributes.final_destination_full_out_at &&
  !c.attributes.pod_full_out_at &&
  !c.attributes.empty_terminated_at

/** The soonest last free day among containers not yet picked up. */
export function soonestLfd(containers: Container[]) {
  return containers
    .filter((c) => isWaiting(c) && c.attributes.pickup_lfd)
    .map((c) => c.attributes.pickup_lfd!)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0]
}

export const holdCount = (containers: Container[]) =>
  containers.reduce((sum, c) => sum + (c.attributes.holds_at_pod_terminal?.length ?? 0), 0)

/** "2 available, 1 on vessel": how many containers are in each status. */
export function statusSummary(containers: Container[]) {
  const counts = new Map<string, number>()
  for (const c of containers) {
    const words = statusWords(c.attributes.current_status)
    counts.set(words, (counts.get(words) ?? 0) + 1)
  }
  return [...counts].map(([words, n]) => `${n} ${words.toLowerCase()}`).join(', ')
}
