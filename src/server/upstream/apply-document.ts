import type { UpstreamResource } from '../storage/mirror-rows'
import type { Stores } from '../storage/storage'

const isResource = (value: unknown): value is UpstreamResource =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { type?: unknown }).type === 'string'

export function resourcesOf(document: { data?: unknown; included?: unknown[] }) {
  const data = Array.isArray(document.data) ? document.data : [document.data]
  return [...data, ...(Array.isArray(document.included) ? document.included : [])].filter(isResource)
}

/** Parents first; other types (ports, terminals, vessels, notifications) are Quayside's own or not kept. */
export async function applyResources(
  stores: Stores,
  accountId: string,
  resources: UpstreamResource[],
  stamp: Date,
) {
  const ofType = (type: string) => {
    const seen = new Map<string, UpstreamResource>()
    for (const resource of resources) if (resource.type === type) seen.set(resource.id, resource)
    return [...seen.values()]
  }
  const shipments = ofType('shipment')
  const shipmentOf = new Map<string, string>()
  for (const shipment of shipments)
    for (const link of (shipment.relationships?.containers?.data as { id?: string }[] | undefined) ?? [])
      if (link?.id) shipmentOf.set(link.id, shipment.id)
  const written = {
    parties: await stores.mirror.parties(accountId, ofType('party')),
    shipments: await stores.mirror.shipments(accountId, shipments, stamp),
    containers: await stores.mirror.containers(accountId, ofType('container'), stamp, shipmentOf),
    transportEvents: await stores.mirror.transportEvents(accountId, ofType('transport_event')),
    trackingRequests: await stores.mirror.trackingRequests(accountId, ofType('tracking_request'), stamp),
    customFieldDefinitions: await stores.mirror.customFieldDefinitions(
      accountId,
      ofType('custom_field_definition'),
      ofType('custom_field_option'),
    ),
    customFieldValues: await stores.mirror.customFieldValues(accountId, ofType('custom_field')),
  }
  return written
}
