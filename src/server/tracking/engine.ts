import type { Clock } from '../clock'
import type { Storage } from '../storage/storage'
import { advanceShipment } from './advance-shipment'
import type { CarrierAdapter, CarrierAnswer } from './carrier-adapter'
import { inferNumber } from './infer-number'
import type { Carrier, PlanningReference } from './plan-shipment'
import { applyCarrierAnswer } from './resolve-request'
import { vesselsAtSea } from './vessel-positions'

const HOUR = 3_600_000
const BATCH = 200
/** How often, in simulated time, vessels report a position (AIS-like) and one is kept in the history. */
const VESSEL_REPORT_MS = 15 * 60_000
const TEST_CARRIER: Carrier = { scac: 'TEST', name: 'Test Shipping Line', shortName: 'TEST', prefix: 'TEST' }

type EngineDeps = {
  storage: Storage
  clock: Clock
  carrier: CarrierAdapter
  newId: () => string
  /** Told when notifications were written, so delivery starts at once. */
  onNotified?: () => void
  /** Told when an account's data changed, so nothing stale is served from a cache. */
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

export type TickReport = { requests: number; shipments: number; notifications: number; vessels: number }

/** The planner's reference data, read from the database once: ports, terminals and vessels are fixed. */
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

/**
 * The clock-driven tracking engine. Each tick asks the line about tracking requests that are due,
 * moves every shipment whose plan has something new up to now, and reports vessel positions.
 */
export function createTrackingEngine({
  storage,
  clock,
  carrier,
  newId,
  onNotified,
  onAccountChanged,
  log = console.error,
}: EngineDeps) {
  let lastVesselReport = 0

  /** The line a number belongs to when it can be told for certain, as auto-detect answers it. */
  async function detectScac(number: string) {
    const guess = inferNumber(number, await storage.reference.shippingLines()).shipping_line
    return guess.decision === 'auto_select' ? (guess.selected?.scac ?? null) : null
  }

  async function resolveRequests(now: Date) {
    let notifications = 0
    const ids = await storage.tracking.dueTrackingRequestIds(now, BATCH)
    for (const id of ids) {
      try {
        const request = await storage.tracking.trackingRequest(id)
        if (!request) continue
        // a request made with auto_detect_vocc_scac names no line: it is read off the number first
        const scac = request.scac ?? (await detectScac(request.request_number))
        const line = !scac || scac === 'TEST' ? undefined : await storage.reference.shippingLineByScac(scac)
        const answer: CarrierAnswer = !scac
          ? { outcome: 'failed', reason: 'scac_auto_detect_failed' }
          : await carrier.lookup({
              requestId: request.id,
              requestNumber: request.request_number,
              requestType: request.request_type,
              carrier: line
                ? {
                    scac: line.scac,
                    name: line.name,
                    shortName: line.short_name,
                    prefix: line.bill_of_lading_prefix,
                  }
                : TEST_CARRIER,
              attempt: request.attempts,
              now,
            })
        notifications += await storage.transaction(async (stores) => {
          const locked = await stores.tracking.lockDueTrackingRequest(id, now)
          if (!locked || locked.attempts !== request.attempts) return 0
          if (scac && !locked.scac) await stores.tracking.updateTrackingRequest(id, { scac })
          return applyCarrierAnswer(stores, { ...locked, scac }, answer, now, newId)
        })
        onAccountChanged?.(request.account_id)
      } catch (error) {
        log(`Tracking request ${id} could not be resolved: ${(error as Error).message}`)
        await storage.tracking.updateTrackingRequest(id, { next_attempt_at: new Date(now.getTime() + HOUR) })
      }
    }
    return { count: ids.length, notifications }
  }

  async function advanceShipments(now: Date) {
    let notifications = 0
    const changed = new Set<string>()
    const ids = await storage.tracking.dueShipmentIds(now, BATCH)
    for (const id of ids) {
      try {
        notifications += await storage.transaction(async (stores) => {
          const shipment = await stores.tracking.lockDueShipment(id, now)
          if (!shipment) return 0
          const written = await advanceShipment(stores, shipment, now, newId)
          changed.add(shipment.account_id)
          return written
        })
      } catch (error) {
        log(`Shipment ${id} could not be advanced: ${(error as Error).message}`)
        await storage.tracking.updateShipment(id, { next_update_at: new Date(now.getTime() + HOUR) })
      }
    }
    for (const accountId of changed) onAccountChanged?.(accountId)
    return { count: ids.length, notifications }
  }

  async function reportVessels(now: Date) {
    if (now.getTime() - lastVesselReport < VESSEL_REPORT_MS) return 0
    lastVesselReport = now.getTime()
    const positions = vesselsAtSea(await storage.tracking.legsUnderway(now), now.getTime())
    for (const [vesselId, position] of positions)
      await storage.tracking.moveVessel({
        vessel_id: vesselId,
        timestamp: new Date(Math.floor(now.getTime() / VESSEL_REPORT_MS) * VESSEL_REPORT_MS),
        latitude: position.latitude,
        longitude: position.longitude,
        heading: Math.round(position.headingDegrees) % 360,
        speed_knots: position.speedKnots,
      })
    return positions.size
  }

  /** Does everything that is due at the clock's now; answers what it did. */
  async function tick(): Promise<TickReport> {
    const now = clock.now()
    const report: TickReport = { requests: 0, shipments: 0, notifications: 0, vessels: 0 }
    for (;;) {
      const requests = await resolveRequests(now)
      const shipments = await advanceShipments(now)
      report.requests += requests.count
      report.shipments += shipments.count
      report.notifications += requests.notifications + shipments.notifications
      if (requests.count < BATCH && shipments.count < BATCH) break
    }
    report.vessels = await reportVessels(now)
    await storage.board.mergeCounts()
    if (report.notifications > 0) onNotified?.()
    return report
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  return {
    tick,
    /** Ticks every `intervalMs` of real time until stopped. */
    start(intervalMs = 1000) {
      const loop = () => {
        running = tick()
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
