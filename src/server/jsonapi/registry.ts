import { alertResource } from './alert-resource'
import { auditEventResource } from './audit-event-resource'
import {
  containerCreatedEventResource,
  containerUpdatedEventResource,
  estimatedEventResource,
  podTerminalChangedEventResource,
} from './change-event-resources'
import { containerResource } from './container-resource'
import {
  customFieldChangeResource,
  customFieldDefinitionResource,
  customFieldOptionResource,
  customFieldResource,
} from './custom-field-resources'
import {
  documentRepresentationResource,
  documentResource,
  emailSubmissionResource,
} from './document-resources'
import { rawEventResource, transportEventResource } from './event-resources'
import { metroAreaResource } from './metro-area-resource'
import { accountResource, partyResource, userResource } from './party-resources'
import { portResource, shippingLineResource, terminalResource, vesselResource } from './reference-resources'
import type { DefinitionRegistry } from './render'
import { shipmentResource } from './shipment-resource'
import { trackingRequestResource } from './tracking-request-resource'
import { deliveryAttemptResource, webhookNotificationResource, webhookResource } from './webhook-resources'

/** The include graph walks this. */
export const RESOURCES: DefinitionRegistry = {
  account: accountResource,
  alert: alertResource,
  audit_event: auditEventResource,
  container: containerResource,
  container_created_event: containerCreatedEventResource,
  container_pod_terminal_changed_event: podTerminalChangedEventResource,
  container_updated_event: containerUpdatedEventResource,
  document: documentResource,
  document_representation: documentRepresentationResource,
  email_submission: emailSubmissionResource,
  estimated_event: estimatedEventResource,
  metro_area: metroAreaResource,
  custom_field: customFieldResource,
  custom_field_change: customFieldChangeResource,
  custom_field_definition: customFieldDefinitionResource,
  custom_field_option: customFieldOptionResource,
  party: partyResource,
  port: portResource,
  raw_event: rawEventResource,
  shipment: shipmentResource,
  shipping_line: shippingLineResource,
  terminal: terminalResource,
  tracking_request: trackingRequestResource,
  transport_event: transportEventResource,
  user: userResource,
  vessel: vesselResource,
  webhook: webhookResource,
  webhook_notification: webhookNotificationResource,
  webhook_notification_log: deliveryAttemptResource,
}
