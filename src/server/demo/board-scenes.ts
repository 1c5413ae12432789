import type { Scene } from '../tracking/plan-shipment'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Waiting at the terminal with its last free day this many days from today, and these holds. */
const waiting = (lfdInDays: number, holds: { name: string; pending?: boolean }[] = []) => ({
  lfdInDays,
  holds,
  offDock: false,
})

/** Picked up this long ago, on time (the last free day was later that day or after). */
const pickedUp = (ago: number) => ({ lfdInDays: -Math.floor(ago / DAY), holds: [], pickedUpAgo: ago })

/**
 * What the demo's first shipments show when it is loaded, by the status their first container is asked to
 * be in: together they put a container in every tab of the board and every state a person acts on (a hold
 * in force and one pending, a last free day today, overdue with fees, picked up late), on any date.
 */
export const BOARD_SCENES: Record<string, Scene> = {
  new: { place: { status: 'new' }, containers: [] },
  // aboard a vessel yet to sail: the fleet's next sailing, loaded two hours ago
  loaded: { place: { status: 'loaded' }, containers: [{ loadedAgo: 2 * HOUR }] },
  // arriving this week
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
  // discharged, not yet released
  grounded: { place: { dischargedAgo: 4 * HOUR }, containers: [{ holds: [], availableIn: 8 * HOUR }] },
  off_dock: { place: { dischargedAgo: 2 * DAY }, containers: [{ ...waiting(2), offDock: true }] },
  // off the vessel, waiting for its train
  awaiting_inland_transfer: {
    place: { dischargedAgo: 12 * HOUR },
    rail: true,
    containers: [{ dischargedAgo: 12 * HOUR }],
  },
  on_rail: { place: { status: 'on_rail' }, rail: true, containers: [] },
  // picked up after the last free day: fees owed, no countdown
  picked_up: { place: { dischargedAgo: 9 * DAY }, containers: [{ ...pickedUp(6 * HOUR), lfdInDays: -3 }] },
  delivered: {
    place: { dischargedAgo: 6 * DAY },
    containers: [{ ...pickedUp(1.5 * DAY), afterPickup: 'delivered' }],
  },
  dropped: {
    place: { dischargedAgo: 6 * DAY },
    containers: [{ ...pickedUp(1.5 * DAY), afterPickup: 'dropped' }],
  },
  empty_returned: { place: { dischargedAgo: 15 * DAY }, containers: [pickedUp(12 * DAY)] },
}
