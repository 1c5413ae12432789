import type { Scene } from '../tracking/plan-shipment'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const waiting = (lfdInDays: number, holds: { name: string; pending?: boolean }[] = []) => ({
  lfdInDays,
  holds,
  offDock: false,
})

const pickedUp = (ago: number) => ({ lfdInDays: -Math.floor(ago / DAY), holds: [], pickedUpAgo: ago })

/** Together they put a container in every board tab and every state a person acts on, on any date. */
export const BOARD_SCENES: Record<string, Scene> = {
  new: { place: { status: 'new' }, containers: [] },
  loaded: { place: { status: 'loaded' }, containers: [{ loadedAgo: 2 * HOUR }] },
  on_ship: { place: { arrivesIn: 3 * DAY }, containers: [] },
  available: { place: { dischargedAgo: 6 * DAY }, containers: [waiting(0), waiting(-2), waiting(2)] },
  not_available: {
    place: { dischargedAgo: 3 * DAY },
    containers: [
      waiting(1, [{ name: 'customs' }]),
      waiting(3, [{ name: 'freight', pending: true }]),
      waiting(-1, [{ name: 'TMF' }]),
    ],
  },
  grounded: { place: { dischargedAgo: 4 * HOUR }, containers: [{ holds: [], availableIn: 8 * HOUR }] },
  off_dock: { place: { dischargedAgo: 2 * DAY }, containers: [{ ...waiting(2), offDock: true }] },
  awaiting_inland_transfer: {
    place: { dischargedAgo: 12 * HOUR },
    rail: true,
    containers: [{ dischargedAgo: 12 * HOUR }],
  },
  on_rail: { place: { status: 'on_rail' }, rail: true, containers: [] },
  picked_up: { place: { dischargedAgo: 9 * DAY }, containers: [{ ...pickedUp(6 * HOUR), lfdInDays: -3 }] },
  // the empty still out: due back within days on every line's free time (4 to 7 days), and long overdue
  delivered: {
    place: { dischargedAgo: 6 * DAY },
    containers: [
      { ...pickedUp(1.5 * DAY), afterPickup: 'delivered' },
      { ...pickedUp(4 * DAY), afterPickup: 'delivered', emptyBackIn: 3 * DAY },
    ],
  },
  dropped: {
    place: { dischargedAgo: 14 * DAY },
    containers: [
      { ...pickedUp(1.5 * DAY), afterPickup: 'dropped' },
      { ...pickedUp(12 * DAY), afterPickup: 'dropped', emptyBackIn: 2 * DAY },
    ],
  },
  empty_returned: { place: { dischargedAgo: 15 * DAY }, containers: [pickedUp(12 * DAY)] },
}
