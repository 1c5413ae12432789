import type { Storage } from '../storage/storage'

export type CustomFieldEntity = {
  valueType: 'Shipment' | 'Cargo' | 'TrackingRequest'
  definitionType: 'Shipment' | 'Container' | 'TrackingRequest'
  type: 'shipment' | 'container' | 'tracking_request'
  name: string
  path: string
  param: string
  exists: (storage: Storage, accountId: string, id: string) => Promise<boolean>
}

const found = (rows: unknown[]) => rows.length === 1

export const SHIPMENT_ENTITY: CustomFieldEntity = {
  valueType: 'Shipment',
  definitionType: 'Shipment',
  type: 'shipment',
  name: 'shipment',
  path: '/shipments/:shipment_id/custom_fields',
  param: 'shipment_id',
  exists: async (storage, accountId, id) => found(await storage.shipments.byIds(accountId, [id])),
}

export const CONTAINER_ENTITY: CustomFieldEntity = {
  valueType: 'Cargo',
  definitionType: 'Container',
  type: 'container',
  name: 'container',
  path: '/containers/:container_id/custom_fields',
  param: 'container_id',
  exists: async (storage, accountId, id) => found(await storage.containers.byIds(accountId, [id])),
}

export const TRACKING_REQUEST_ENTITY: CustomFieldEntity = {
  valueType: 'TrackingRequest',
  definitionType: 'TrackingRequest',
  type: 'tracking_request',
  name: 'tracking request',
  path: '/tracking_requests/:tracking_request_id/custom_fields',
  param: 'tracking_request_id',
  exists: async (storage, accountId, id) => found(await storage.trackingRequests.byIds(accountId, [id])),
}

export const CUSTOM_FIELD_ENTITIES = [SHIPMENT_ENTITY, CONTAINER_ENTITY, TRACKING_REQUEST_ENTITY]

export const entityOfValue = (valueType: string) =>
  CUSTOM_FIELD_ENTITIES.find((entity) => entity.valueType === valueType) ?? SHIPMENT_ENTITY
