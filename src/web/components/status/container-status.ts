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

/** The soonest last free day among containers not yet picked up. */
export function soonestLfd(containers: Container[]) {
  const waiting = containers.filter(
    (c) => !c.attributes.final_destination_full_out_at && c.attributes.pickup_lfd,
  )
  return waiting.map((c) => c.attributes.pickup_lfd!).sort()[0]
}

export const holdCount = (containers: Container[]) =>
  containers.reduce((sum, c) => sum + (c.attributes.holds_at_pod_terminal?.length ?? 0), 0)
