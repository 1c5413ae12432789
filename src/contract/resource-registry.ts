import type { z } from 'zod/mini'
import { ContainerSchema } from './containers'
import {
  CustomFieldChangeSchema,
  CustomFieldDefinitionSchema,
  CustomFieldOptionSchema,
  CustomFieldSchema,
} from './custom-fields'
import { DocumentRepresentationSchema, DocumentSchema } from './documents'
import { EmailSubmissionSchema } from './email-submissions'
import {
  ContainerCreatedEventSchema,
  ContainerPodTerminalChangedEventSchema,
  ContainerUpdatedEventSchema,
  EstimatedEventSchema,
  MetroAreaSchema,
} from './notification-events'
import { AccountSchema, PartySchema } from './parties'
import { UserSchema } from './people'
import { PortSchema } from './ports'
import { RawEventSchema } from './raw-events'
import { ShipmentSchema } from './shipments'
import { ShippingLineSchema } from './shipping-lines'
import { RailTerminalSchema, TerminalSchema } from './terminals'
import { TrackingRequestSchema } from './tracking-requests'
import { TransportEventSchema } from './transport-events'
import { VesselWithPositionsSchema } from './vessels'
import { WebhookNotificationLogSchema, WebhookNotificationSchema, WebhookSchema } from './webhooks'

export const RESOURCE_SCHEMAS: Record<string, z.ZodMiniType> = {
  account: AccountSchema,
  container: ContainerSchema,
  container_created_event: ContainerCreatedEventSchema,
  container_pod_terminal_changed_event: ContainerPodTerminalChangedEventSchema,
  container_updated_event: ContainerUpdatedEventSchema,
  estimated_event: EstimatedEventSchema,
  metro_area: MetroAreaSchema,
  custom_field: CustomFieldSchema,
  custom_field_change: CustomFieldChangeSchema,
  custom_field_definition: CustomFieldDefinitionSchema,
  custom_field_option: CustomFieldOptionSchema,
  document: DocumentSchema,
  document_representation: DocumentRepresentationSchema,
  email_submission: EmailSubmissionSchema,
  party: PartySchema,
  port: PortSchema,
  rail_terminal: RailTerminalSchema,
  raw_event: RawEventSchema,
  shipment: ShipmentSchema,
  shipping_line: ShippingLineSchema,
  terminal: TerminalSchema,
  tracking_request: TrackingRequestSchema,
  transport_event: TransportEventSchema,
  user: UserSchema,
  vessel: VesselWithPositionsSchema,
  webhook: WebhookSchema,
  webhook_notification: WebhookNotificationSchema,
  webhook_notification_log: WebhookNotificationLogSchema,
}
