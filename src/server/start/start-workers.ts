import { randomUUID } from 'node:crypto'
import { createAlertDelivery } from '../alerts-delivery/delivery-worker'
import type { OutboundMail } from '../alerts-delivery/outbound-mail'
import { createUnsubscribeTokens } from '../alerts-delivery/unsubscribe-token'
import type { Clock } from '../clock'
import type { ProcessConfig } from '../config'
import type { Deps } from '../deps'
import { createExtractionWorker } from '../documents/extraction-worker'
import type { CarrierAdapter } from '../tracking/carrier-adapter'
import { createTrackingEngine } from '../tracking/engine'
import type { ConnectedAccount } from '../upstream/connect'
import { secretBox } from '../upstream/secret-box'
import { createDispatcher } from '../webhooks/dispatcher'
import type { Allowlist } from '../webhooks/url-safety'
import type { Closers } from './closers'

type WorkerDeps = Deps & {
  wallClock: Clock
  carrier: CarrierAdapter
  allowlist: Allowlist
  mail: OutboundMail
  onAccountChanged: (accountId: string) => void
  connected?: ConnectedAccount
}

/** They run only where ROLE is not api; the engine's next tick, for a clock jump to show at once. */
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
  // alert emails and chat posts, by whichever process holds a batch's lease
  const alertDelivery = createAlertDelivery({
    ...deps,
    tokens: createUnsubscribeTokens(storage.secrets),
    box: config.secretKey ? secretBox(config.secretKey) : undefined,
    publicUrl: config.service.publicUrl,
    chatTimeoutMs: config.service.webhookTimeoutSeconds * 1000,
  })
  if (config.role === 'api') return undefined
  deps.connected?.start()
  engine.start()
  dispatcher.start()
  extraction.start()
  alertDelivery.start()
  closers.first(async () => {
    await engine.stop()
    await dispatcher.stop()
    await extraction.stop()
    await alertDelivery.stop()
  })
  return engine.nextTick
}
