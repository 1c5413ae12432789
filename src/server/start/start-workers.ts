import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock'
import type { ProcessConfig } from '../config'
import type { Deps } from '../deps'
import { createExtractionWorker } from '../documents/extraction-worker'
import type { CarrierAdapter } from '../tracking/carrier-adapter'
import { createTrackingEngine } from '../tracking/engine'
import type { ConnectedAccount } from '../upstream/connect'
import { createDispatcher } from '../webhooks/dispatcher'
import type { Allowlist } from '../webhooks/url-safety'
import type { Closers } from './closers'

type WorkerDeps = Deps & {
  wallClock: Clock
  carrier: CarrierAdapter
  allowlist: Allowlist
  onAccountChanged: (accountId: string) => void
  connected?: ConnectedAccount
}

/** They run only where ROLE is not api. */
export function startWorkers(config: ProcessConfig, deps: WorkerDeps, closers: Closers) {
  const { storage, clock, carrier, onAccountChanged } = deps
  const dispatcher = createDispatcher({
    ...deps,
    timeoutMs: config.service.webhookTimeoutSeconds * 1000,
    disableAfterMs: config.service.webhookDisableAfterHours * 3_600_000,
  })
  const engine = createTrackingEngine({
    storage,
    clock,
    carrier,
    newId: randomUUID,
    onNotified: dispatcher.wake,
    onAccountChanged,
  })
  // the storage stamps due times with the simulated clock
  const extraction = createExtractionWorker({
    storage,
    clock,
    onAccountChanged,
    reading: config.documentReading,
  })
  if (config.role === 'api') return
  deps.connected?.start()
  engine.start()
  dispatcher.start()
  extraction.start()
  closers.first(async () => {
    await engine.stop()
    await dispatcher.stop()
    await extraction.stop()
  })
}
