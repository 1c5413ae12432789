import type { Executor } from './database'
import type { shipments } from './schema'
import { createTrackingDueWork } from './tracking-due-work'
import { createTrackingWorld } from './tracking-world'
import { createTrackingWrites } from './tracking-writes'

export type TrackedShipment = typeof shipments.$inferSelect

export const createTrackingStore = (db: Executor) => ({
  ...createTrackingDueWork(db),
  ...createTrackingWrites(db),
  ...createTrackingWorld(db),
})
