import type { AUDIT_EVENT_LIST } from '../../contract/audit-event-list-query'
import type { BOARD_LIST } from '../../contract/container-board-query'
import type { EMAIL_SUBMISSION_LIST } from '../../contract/email-submission-list-query'
import type { FilterDescriptions } from '../../contract/list-query'
import type { SHIPMENT_LIST } from '../../contract/shipment-list-query'
import type { TRACKING_REQUEST_LIST } from '../../contract/tracking-request-list-query'
import type { VESSEL_MAP_LIST } from '../../contract/vessel-map-query'
import type { WEBHOOK_NOTIFICATION_LIST } from '../../contract/webhook-notification-list-query'

// /v2/openapi.json's words for each list's filters, kept here so the dashboard's copy of a list goes without

const SHIPMENT_PARTIES = {
  carrier: 'Shipments of this shipping line (SCAC)',
  customer: 'Shipments of this customer',
  tag: 'Shipments carrying this tag',
}

export const BOARD_DESCRIPTIONS: FilterDescriptions<typeof BOARD_LIST> = {
  tab: 'One tab of the board: what needs attention today',
  days: 'How many days ahead the last-free-day tab looks',
  hold: 'Containers under this hold',
  terminal: 'Containers at this terminal',
  appointment_from:
    'Containers whose next appointment (pickup, delivery or empty return) is at or after this time',
  appointment_to: 'Containers whose next appointment is at or before this time',
  carrier: 'Containers of this shipping line (SCAC)',
  customer: 'Containers of this customer',
  tag: 'Containers whose shipment carries this tag',
}

export const SHIPMENT_DESCRIPTIONS: FilterDescriptions<typeof SHIPMENT_LIST> = {
  q: 'Bill of lading, reference or container number, or the start of one; else part of one, a customer or a vessel',
  number: 'The number of the tracking request the shipment came from',
  stopped: 'Only shipments whose tracking has (not) stopped',
  ...SHIPMENT_PARTIES,
}

export const VESSEL_MAP_DESCRIPTIONS: FilterDescriptions<typeof VESSEL_MAP_LIST> = {
  carrying: 'Only `active`: vessels carrying the account’s containers at sea now',
  ...SHIPMENT_PARTIES,
  pod: 'Shipments discharging at this port (UN/LOCODE)',
  state: 'Only containers in this state aboard',
  vessel: 'Only this vessel: what a map asks with includes for the one chosen',
}

export const TRACKING_REQUEST_DESCRIPTIONS: FilterDescriptions<typeof TRACKING_REQUEST_LIST> = {
  q: 'Request number or reference number, or the start of one',
  created_from: 'Requested at or after',
  created_to: 'Requested at or before',
  updated_from: 'Updated at or after',
  updated_to: 'Updated at or before',
}

export const EMAIL_SUBMISSION_DESCRIPTIONS: FilterDescriptions<typeof EMAIL_SUBMISSION_LIST> = {
  q: 'Submissions whose subject, sender, recipients or attachment names contain this',
  reading:
    'How far reading the attachments has got: failed, reading, done or no_documents (a Quayside extension)',
}

export const WEBHOOK_NOTIFICATION_DESCRIPTIONS: FilterDescriptions<typeof WEBHOOK_NOTIFICATION_LIST> = {
  status: 'Quayside: pending (not tried yet), retrying (failed, will be tried again), succeeded or failed',
  event: 'Quayside: notifications of this event kind',
  webhook: "Quayside: one webhook's notifications",
}

export const AUDIT_EVENT_DESCRIPTIONS: FilterDescriptions<typeof AUDIT_EVENT_LIST> = {
  target_type: 'Events about this kind of thing: shipment, container, webhook, document, …',
  target_id: 'Events about the thing with this id',
  actor_id: 'Events by this person (a user id) or key (an API key id)',
  occurred_from: 'Events at or after this time',
  occurred_to: 'Events at or before this time',
}
