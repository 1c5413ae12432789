import { announcingAlerts } from '../alerts/announce-alert'
import { type AlertHooks, evaluateAlerts } from '../alerts/evaluate-alerts'
import type { Clock } from '../clock'
import type { Storage } from '../storage/storage'
import type { CarrierAdapter } from './carrier-adapter'
import { advanceShipments, BATCH, resolveRequests, type StepDeps } from './engine-steps'
import { fleetOf, type PlanningReference } from './plan-shipment'
import { fleetPositions } from './vessel-positions'

/** Simulated time, AIS-like. */
const VESSEL_REPORT_MS = 15 * 60_000

type EngineDeps = {
  storage: Storage
  clock: Clock
  carrier: CarrierAdapter
  newId: () => string
  /** So delivery starts at once. */
  onNotified?: () => void
  /** So nothing stale is served from a cache. */
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
  /** `alert.fired` into the webhook outbox; a test's failure after a firing. */
  alertHooks?: AlertHooks
}

export type TickReport = {
  requests: number
  shipments: number
  notifications: number
  vessels: number
  alertsFired: number
}

/** Read once: ports, terminals and vessels are fixed. */
export function planningReferenceLoader(storage: Storage) {
  let loaded: Promise<PlanningReference> | undefined
  return () => {
    loaded ??= storage.tracking.planningRows().then(({ portRows, terminalRows, vesselRows }) => {
      const ports = new Map(portRows.map((p) => [p.code, p]))
      return {
        port: (code: string) => ports.get(code),
        terminalIdsAt: (portId: string) => terminalRows.filter((t) => t.port_id === portId).map((t) => t.id),
        vessels: vesselRows,
        tariffOf: (terminalId: string) => terminalRows.find((t) => t.id === terminalId)?.tariff,
      }
    })
    return loaded
  }
}

/** Whether or not it carries containers: the one schedule every voyage is booked on. */
async function reportVessels(storage: Storage, planning: () => Promise<PlanningReference>, now: Date) {
  const positions = fleetPositions(fleetOf(await planning()), now.getTime())
  const timestamp = new Date(Math.floor(now.getTime() / VESSEL_REPORT_MS) * VESSEL_REPORT_MS)
  await storage.tracking.moveVessels(
    timestamp,
    [...positions].map(([vesselId, position]) => ({
      vessel_id: vesselId,
      latitude: position.latitude,
      longitude: position.longitude,
      heading: Math.round(position.headingDegrees) % 360,
      speed_knots: position.speedKnots,
    })),
  )
  return positions.size
}

export function createTrackingEngine({
  clock,
  onNotified,
  log = console.error,
  alertHooks,
  ...rest
}: EngineDeps) {
  const deps: StepDeps = { ...rest, log }
  const planning = planningReferenceLoader(deps.storage)
  const hooks = alertHooks ?? announcingAlerts(rest.newId)
  let lastVesselReport = 0

  async function mergeKept() {
    await deps.storage.board.mergeCounts()
    await deps.storage.vesselMap.mergeCounts()
    await deps.storage.documents.mergeInboxCounts()
  }

  async function tick(): Promise<TickReport> {
    const now = clock.now()
    const report: TickReport = { requests: 0, shipments: 0, notifications: 0, vessels: 0, alertsFired: 0 }
    for (;;) {
      const requests = await resolveRequests(deps, now)
      const shipments = await advanceShipments(deps, now)
      report.requests += requests.count
      report.shipments += shipments.count
      report.notifications += requests.notifications + shipments.notifications
      if (requests.count < BATCH && shipments.count < BATCH) break
      // a catch-up after a pause runs for minutes: the board read every row appended meanwhile (4-9x slower)
      await mergeKept()
    }
    if (now.getTime() - lastVesselReport >= VESSEL_REPORT_MS) {
      lastVesselReport = now.getTime()
      report.vessels = await reportVessels(deps.storage, planning, now)
    }
    await mergeKept()
    // after the tick's changes, so what changed is seen at once; a connected account's mirror is read the same way
    report.alertsFired = (await evaluateAlerts(deps.storage, now, hooks, log)).fired
    if (report.notifications > 0 || report.alertsFired > 0) onNotified?.()
    return report
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  // one tick at a time, whether the loop's or one asked for (a clock jump's)
  const nextTick = () => {
    const next = running.then(tick)
    running = next.catch(() => undefined)
    return next
  }
  return {
    tick,
    nextTick,
    start(intervalMs = 1000) {
      const loop = () => {
        running = nextTick()
          .catch((error: Error) => log(`Tracking engine tick failed: ${error.message}`))
          .finally(() => {
            if (timer) timer = setTimeout(loop, intervalMs)
          })
      }
      timer = setTimeout(loop, 0)
    },
    async stop() {
      clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
