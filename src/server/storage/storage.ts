import type { Clock } from '../clock'
import { createAlertDeliveryStore } from './alert-delivery-store'
import { createAlertPreview } from './alert-preview'
import { createAlertReads } from './alert-reads'
import { createAlertRuleStore } from './alert-rule-store'
import { createAlertFacts, createAlertStore } from './alert-store'
import { createApiKeyStore } from './api-key-store'
import { createAuditLog } from './audit-log'
import { createAuditReads } from './audit-reads'
import type { BlobStore } from './blob-store'
import { createChargeStore } from './charge-store'
import { createContainerBoardStore } from './container-board-store'
import { createContainerStore } from './container-store'
import { createCustomFieldStore } from './custom-field-store'
import type { Database, Executor } from './database'
import { createDemoStore } from './demo-store'
import { createDocumentStore } from './document-store'
import { createEmbedTokenStore } from './embed-token-store'
import { createEventStore } from './event-store'
import { createHandoffStore } from './handoff-store'
import { createInvitationStore } from './invitation-store'
import { createMailStore } from './mail-store'
import { createMirrorStore } from './mirror-store'
import { createMirrorVoyageStore } from './mirror-voyage-store'
import { createOAuthStore } from './oauth-store'
import { createOutboxStore } from './outbox-store'
import { createPartyStore } from './party-store'
import { createPasskeyStore } from './passkey-store'
import { createPasswordResetStore } from './password-reset-store'
import { createPersonalKeyStore } from './personal-key-store'
import { createReferenceStore } from './reference-store'
import { createSearchStore } from './search-store'
import { createSecretStore } from './secret-store'
import { createSessionRows } from './session-rows'
import { createShipmentStore } from './shipment-store'
import { createTrackingRequestStore } from './tracking-request-store'
import { createTrackingStore } from './tracking-store'
import { createUpstreamConnectionStore } from './upstream-connection-store'
import { createUpstreamStore } from './upstream-store'
import { createUserStore } from './user-store'
import { createVesselMapStore } from './vessel-map-store'
import { createViewAsStore } from './view-as-store'
import { createWebhookStore } from './webhook-store'

export type StorageOptions = { attributeTextBytes?: number }

const storesOn = (
  db: Executor,
  now: () => Date,
  blobs: BlobStore,
  options: StorageOptions = {},
  plannedOnce: Executor = db,
) => {
  const containers = createContainerStore(db, now, options.attributeTextBytes)
  return {
    /** Outside the database, so a rollback leaves at most an unreferenced blob. */
    blobs,
    apiKeys: createApiKeyStore(db, now),
    personalKeys: createPersonalKeyStore(db, now),
    audit: createAuditLog(db, now),
    auditEvents: createAuditReads(db),
    shipments: createShipmentStore(db, now, options.attributeTextBytes),
    containers,
    // the board's page takes its containers' texts from the containers' own memory
    board: createContainerBoardStore(db, now, containers.shownFromKeyed, plannedOnce),
    charges: createChargeStore(db),
    events: createEventStore(db),
    reference: createReferenceStore(db),
    trackingRequests: createTrackingRequestStore(db, now),
    parties: createPartyStore(db, now),
    passkeys: createPasskeyStore(db),
    users: createUserStore(db, now),
    invitations: createInvitationStore(db, now),
    passwordResets: createPasswordResetStore(db, now),
    search: createSearchStore(db),
    customFields: createCustomFieldStore(db, now),
    webhooks: createWebhookStore(db, now),
    documents: createDocumentStore(db, now),
    mail: createMailStore(db, now),
    tracking: createTrackingStore(db),
    demo: createDemoStore(db),
    outbox: createOutboxStore(db),
    alertDelivery: createAlertDeliveryStore(db),
    embedTokens: createEmbedTokenStore(db, now),
    handoffs: createHandoffStore(db, now),
    vesselMap: createVesselMapStore(db),
    secrets: createSecretStore(db, now),
    sessions: createSessionRows(db),
    viewAs: createViewAsStore(db),
    oauth: createOAuthStore(db, now),
    mirror: createMirrorStore(db),
    mirrorVoyage: createMirrorVoyageStore(db),
    upstream: createUpstreamStore(db, now),
    upstreamConnections: createUpstreamConnectionStore(db, now),
    alertRules: createAlertRuleStore(db, now),
    alerts: createAlertStore(db),
    alertReads: createAlertReads(db),
    alertFacts: createAlertFacts(db),
    alertPreview: createAlertPreview(db),
  }
}

export type Stores = ReturnType<typeof storesOn>

/** Stamped with the service's clock, so a simulated day is a day in the data too. */
export function createStorage(
  database: Database,
  clock: Clock,
  blobs: BlobStore,
  options: StorageOptions = {},
) {
  return {
    ...storesOn(database.db, clock.now, blobs, options, database.plannedOnce),
    kind: database.kind,
    db: database.db,
    plannedOnce: database.plannedOnce,
    transaction: <T>(work: (stores: Stores) => Promise<T>) =>
      database.db.transaction((tx) => work(storesOn(tx, clock.now, blobs, options))),
  }
}
export type Storage = ReturnType<typeof createStorage>
