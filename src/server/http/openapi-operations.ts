import type { z } from 'zod'
import { CurrentAccountDocumentSchema } from '../../contract/account'
import { ContainerDocumentSchema, ContainerListDocumentSchema } from '../../contract/containers'
import {
  CustomFieldDefinitionCreateSchema,
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldDefinitionPatchSchema,
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldOptionCreateSchema,
  CustomFieldOptionDocumentSchema,
  CustomFieldOptionListDocumentSchema,
  CustomFieldOptionPatchSchema,
  CustomFieldPatchSchema,
  CustomFieldUpsertSchema,
} from '../../contract/custom-fields'
import { ErrorDocumentSchema } from '../../contract/document'
import {
  DocumentDocumentSchema,
  DocumentDownloadUrlSchema,
  DocumentListDocumentSchema,
  DocumentPatchSchema,
} from '../../contract/documents'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../contract/email-submissions'
import { PartyCreateSchema, PartyDocumentSchema, PartyListDocumentSchema } from '../../contract/parties'
import { PortDocumentSchema } from '../../contract/ports'
import { RawEventListDocumentSchema } from '../../contract/raw-events'
import { SearchResultListDocumentSchema } from '../../contract/search-results'
import {
  ShipmentDocumentSchema,
  ShipmentListDocumentSchema,
  ShipmentPatchSchema,
} from '../../contract/shipments'
import { ShippingLineDocumentSchema, ShippingLineListDocumentSchema } from '../../contract/shipping-lines'
import { TerminalDocumentSchema } from '../../contract/terminals'
import {
  InferNumberDocumentSchema,
  InferNumberRequestSchema,
  TrackingRequestCreateSchema,
  TrackingRequestDocumentSchema,
  TrackingRequestListDocumentSchema,
} from '../../contract/tracking-requests'
import { TransportEventListDocumentSchema } from '../../contract/transport-events'
import { VesselDocumentSchema, VesselWithPositionsDocumentSchema } from '../../contract/vessels'
import {
  WebhookCreateSchema,
  WebhookDocumentSchema,
  WebhookListDocumentSchema,
  WebhookNotificationDocumentSchema,
  WebhookNotificationListDocumentSchema,
  WebhookPatchSchema,
} from '../../contract/webhooks'

export type Operation = {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  summary: string
  query?: string[]
  body?: z.core.$ZodType
  /** A contract schema for JSON answers; 'file' for a document's bytes. */
  response: z.core.$ZodType | 'file'
  status?: number
  /** Answers without an API key (the signature in the query is the credential). */
  public?: true
}

const list = ['page[number]', 'page[size]', 'include']

/** Every operation the service answers, with the contract schemas it reads and writes. */
export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/account',
    summary:
      "The API key's own account, the key's scope and the inbound email address (a Quayside extension)",
    response: CurrentAccountDocumentSchema,
  },
  {
    method: 'get',
    path: '/shipments',
    summary: 'List shipments, newest first',
    query: [...list, 'q', 'number', 'filter[tracking_stopped]'],
    response: ShipmentListDocumentSchema,
  },
  {
    method: 'get',
    path: '/shipments/{id}',
    summary: 'Get a shipment',
    query: ['include'],
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}',
    summary: 'Edit reference numbers and tags',
    body: ShipmentPatchSchema,
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}/stop_tracking',
    summary: 'Stop tracking a shipment',
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}/resume_tracking',
    summary: 'Resume tracking a shipment',
    response: ShipmentDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers',
    summary:
      'List containers; Quayside adds the board: filter[tab], filter[lfd_within_days], filter[hold], filter[pod_terminal_id], filter[shipping_line_scac], filter[customer_id], filter[tags], sort (pickup_lfd, pod_eta_at, number, created_at) and counts=tabs for meta.tab_counts',
    query: [
      ...list,
      'filter[tab]',
      'filter[lfd_within_days]',
      'filter[hold]',
      'filter[pod_terminal_id]',
      'filter[shipping_line_scac]',
      'filter[customer_id]',
      'filter[tags]',
      'sort',
      'counts',
    ],
    response: ContainerListDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}',
    summary: 'Get a container',
    query: ['include'],
    response: ContainerDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}/transport_events',
    summary: "A container's transport events",
    query: ['include'],
    response: TransportEventListDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}/raw_events',
    summary: "A container's raw carrier events",
    response: RawEventListDocumentSchema,
  },
  {
    method: 'get',
    path: '/tracking_requests',
    summary: 'List tracking requests',
    query: [
      ...list,
      'q',
      'filter[request_number]',
      'filter[status]',
      'filter[scac]',
      'filter[created_at][start]',
      'filter[created_at][end]',
    ],
    response: TrackingRequestListDocumentSchema,
  },
  {
    method: 'post',
    path: '/tracking_requests',
    summary: 'Create a tracking request',
    body: TrackingRequestCreateSchema,
    response: TrackingRequestDocumentSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/tracking_requests/{id}',
    summary: 'Get a tracking request',
    query: ['include'],
    response: TrackingRequestDocumentSchema,
  },
  {
    method: 'post',
    path: '/tracking_requests/infer_number',
    summary: 'Infer the number type and shipping line',
    body: InferNumberRequestSchema,
    response: InferNumberDocumentSchema,
  },
  {
    method: 'get',
    path: '/parties',
    summary: 'List customers',
    query: list,
    response: PartyListDocumentSchema,
  },
  {
    method: 'post',
    path: '/parties',
    summary: 'Create a customer',
    body: PartyCreateSchema,
    response: PartyDocumentSchema,
    status: 201,
  },
  { method: 'get', path: '/parties/{id}', summary: 'Get a customer', response: PartyDocumentSchema },
  {
    method: 'get',
    path: '/shipping_lines',
    summary: 'List shipping lines',
    response: ShippingLineListDocumentSchema,
  },
  {
    method: 'get',
    path: '/shipping_lines/{id}',
    summary: 'Get a shipping line by id or SCAC',
    response: ShippingLineDocumentSchema,
  },
  {
    method: 'get',
    path: '/ports/{id}',
    summary: 'Get a port by id or LOCODE',
    query: ['include'],
    response: PortDocumentSchema,
  },
  {
    method: 'get',
    path: '/terminals/{id}',
    summary: 'Get a terminal',
    query: ['include'],
    response: TerminalDocumentSchema,
  },
  {
    method: 'get',
    path: '/vessels/{id}',
    summary: 'Get a vessel by id or IMO',
    response: VesselDocumentSchema,
  },
  {
    method: 'get',
    path: '/vessels/{id}/future_positions_with_coordinates',
    summary: 'Estimated positions to the next port',
    query: ['port_id', 'previous_port_id', 'latitude', 'longitude'],
    response: VesselWithPositionsDocumentSchema,
  },
  ...(['shipments', 'containers'] as const).flatMap((entity): Operation[] => [
    {
      method: 'get',
      path: `/${entity}/{id}/custom_fields`,
      summary: `List a ${entity.slice(0, -1)}'s custom fields`,
      query: list,
      response: CustomFieldListDocumentSchema,
    },
    {
      method: 'post',
      path: `/${entity}/{id}/custom_fields`,
      summary: `Create or update a ${entity.slice(0, -1)} custom field`,
      body: CustomFieldUpsertSchema,
      response: CustomFieldDocumentSchema,
      status: 201,
    },
    {
      method: 'patch',
      path: `/${entity}/{id}/custom_fields/{api_slug}`,
      summary: 'Update a custom field',
      body: CustomFieldPatchSchema,
      response: CustomFieldDocumentSchema,
    },
    {
      method: 'delete',
      path: `/${entity}/{id}/custom_fields/{api_slug}`,
      summary: 'Delete a custom field',
      response: ErrorDocumentSchema,
      status: 204,
    },
  ]),
  {
    method: 'get',
    path: '/custom_fields',
    summary: 'List custom field values',
    query: [...list, 'filter[entity_type]', 'filter[entity_id]', 'filter[definition_id]'],
    response: CustomFieldListDocumentSchema,
  },
  {
    method: 'get',
    path: '/custom_field_definitions',
    summary: 'List custom field definitions',
    query: [...list, 'filter[entity_type]', 'filter[data_type]'],
    response: CustomFieldDefinitionListDocumentSchema,
  },
  {
    method: 'post',
    path: '/custom_field_definitions',
    summary: 'Define a custom field',
    body: CustomFieldDefinitionCreateSchema,
    response: CustomFieldDefinitionDocumentSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{id}',
    summary: 'Get a custom field definition',
    response: CustomFieldDefinitionDocumentSchema,
  },
  {
    method: 'patch',
    path: '/custom_field_definitions/{id}',
    summary: 'Update a custom field definition',
    body: CustomFieldDefinitionPatchSchema,
    response: CustomFieldDefinitionDocumentSchema,
  },
  {
    method: 'delete',
    path: '/custom_field_definitions/{id}',
    summary: 'Delete a custom field definition and its values',
    response: ErrorDocumentSchema,
    status: 204,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{id}/options',
    summary: 'List options',
    query: list,
    response: CustomFieldOptionListDocumentSchema,
  },
  {
    method: 'post',
    path: '/custom_field_definitions/{id}/options',
    summary: 'Add an option',
    body: CustomFieldOptionCreateSchema,
    response: CustomFieldOptionDocumentSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/custom_field_definitions/{id}/options/{option_id}',
    summary: 'Get an option',
    response: CustomFieldOptionDocumentSchema,
  },
  {
    method: 'patch',
    path: '/custom_field_definitions/{id}/options/{option_id}',
    summary: 'Update an option',
    body: CustomFieldOptionPatchSchema,
    response: CustomFieldOptionDocumentSchema,
  },
  {
    method: 'delete',
    path: '/custom_field_definitions/{id}/options/{option_id}',
    summary: 'Delete an option',
    response: ErrorDocumentSchema,
    status: 204,
  },
  {
    method: 'get',
    path: '/email_submissions',
    summary: 'List inbound email submissions',
    query: list,
    response: EmailSubmissionListDocumentSchema,
  },
  {
    method: 'get',
    path: '/email_submissions/{id}',
    summary: 'Get an email submission with its documents',
    query: ['include'],
    response: EmailSubmissionDocumentSchema,
  },
  {
    method: 'get',
    path: '/documents',
    summary: 'List documents',
    query: [...list, 'filter[filename]', 'filter[document_types]'],
    response: DocumentListDocumentSchema,
  },
  {
    method: 'get',
    path: '/documents/{id}',
    summary: 'Get a document',
    query: ['include'],
    response: DocumentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/documents/{id}',
    summary: 'Edit a document (beta)',
    body: DocumentPatchSchema,
    response: DocumentDocumentSchema,
  },
  {
    method: 'get',
    path: '/documents/{id}/download_url',
    summary: 'A signed, short-lived download link that needs no API key',
    response: DocumentDownloadUrlSchema,
  },
  {
    method: 'get',
    path: '/documents/{id}/download',
    summary: "Download a document's file",
    response: 'file',
  },
  {
    method: 'get',
    path: '/documents/{id}/signed_download',
    summary: 'Download a file through a link from download_url',
    query: ['account', 'expires', 'signature'],
    response: 'file',
    public: true,
  },
  {
    method: 'get',
    path: '/webhooks',
    summary: 'List webhooks',
    query: list,
    response: WebhookListDocumentSchema,
  },
  {
    method: 'post',
    path: '/webhooks',
    summary: 'Create a webhook',
    body: WebhookCreateSchema,
    response: WebhookDocumentSchema,
    status: 201,
  },
  { method: 'get', path: '/webhooks/{id}', summary: 'Get a webhook', response: WebhookDocumentSchema },
  {
    method: 'patch',
    path: '/webhooks/{id}',
    summary: 'Edit a webhook',
    body: WebhookPatchSchema,
    response: WebhookDocumentSchema,
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    summary: 'Delete a webhook',
    response: ErrorDocumentSchema,
    status: 204,
  },
  {
    method: 'get',
    path: '/webhook_notifications',
    summary: 'List webhook notifications',
    query: list,
    response: WebhookNotificationListDocumentSchema,
  },
  {
    method: 'get',
    path: '/webhook_notifications/{id}',
    summary: 'Get a webhook notification',
    query: ['include'],
    response: WebhookNotificationDocumentSchema,
  },
  {
    method: 'get',
    path: '/search',
    summary: 'Search shipments, containers and tracking requests',
    query: ['query'],
    response: SearchResultListDocumentSchema,
  },
]
