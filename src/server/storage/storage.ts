import { createApiKeyStore } from './api-key-store'
import { createContainerStore } from './container-store'
import { createCustomFieldStore } from './custom-field-store'
import type { Database, Executor } from './database'
import { createDocumentStore } from './document-store'
import { createEventStore } from './event-store'
import { createPartyStore } from './party-store'
import { createReferenceStore } from './reference-store'
import { createSearchStore } from './search-store'
import { createShipmentStore } from './shipment-store'
import { createTrackingRequestStore } from './tracking-request-store'
import { createWebhookStore } from './webhook-store'

const storesOn = (db: Executor) => ({
  apiKeys: createApiKeyStore(db),
  shipments: createShipmentStore(db),
  containers: createContainerStore(db),
  events: createEventStore(db),
  reference: createReferenceStore(db),
  trackingRequests: createTrackingRequestStore(db),
  parties: createPartyStore(db),
  search: createSearchStore(db),
  customFields: createCustomFieldStore(db),
  webhooks: createWebhookStore(db),
  documents: createDocumentStore(db),
})

export type Stores = ReturnType<typeof storesOn>

/** Every store over one database; `transaction` runs several writes atomically on the same stores. */
export function createStorage(database: Database) {
  return {
    ...storesOn(database.db),
    kind: database.kind,
    db: database.db,
    transaction: <T>(work: (stores: Stores) => Promise<T>) =>
      database.db.transaction((tx) => work(storesOn(tx))),
  }
}
export type Storage = ReturnType<typeof createStorage>
