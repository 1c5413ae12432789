import { z } from 'zod/mini'
import { CustomFieldValueSchema } from './custom-fields'
import {
  listDocument,
  looseBoolean,
  looseInteger,
  looseNumber,
  openEnum,
  resource,
  singleDocument,
  timestamp,
  toOne,
} from './document'

export const TRACKING_REQUEST_STATUSES = [
  'pending',
  'awaiting_manifest',
  'created',
  'failed',
  'tracking_stopped',
] as const
export const REQUEST_TYPES = ['bill_of_lading', 'booking_number', 'container'] as const
export const FAILED_REASONS = [
  'booking_cancelled',
  'duplicate',
  'expired',
  'internal_processing_error',
  'invalid_number',
  'not_found',
  'retries_exhausted',
  'shipping_line_unreachable',
  'unrecognized_response',
  'data_unavailable',
  'scac_auto_detect_failed',
] as const

export const TrackingRequestSchema = resource(
  'tracking_request',
  {
    request_number: z.nullish(z.string()),
    request_type: z.nullish(openEnum(REQUEST_TYPES)),
    scac: z.nullish(z.string()),
    ref_numbers: z.nullish(z.array(z.string())),
    shipment_tags: z.nullish(z.array(z.string())),
    tags: z.nullish(z.array(z.string())),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
    status: z.nullish(openEnum(TRACKING_REQUEST_STATUSES)),
    failed_reason: z.nullish(openEnum(FAILED_REASONS)),
    is_retrying: z.nullish(looseBoolean),
    retry_count: z.nullish(looseInteger),
  },
  { tracked_object: z.optional(toOne), customer: z.optional(toOne) },
)
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>
export const TrackingRequestDocumentSchema = singleDocument(TrackingRequestSchema)
export const TrackingRequestListDocumentSchema = listDocument(TrackingRequestSchema)

const tag = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

export const TrackingRequestAttributesSchema = z.strictObject({
  request_type: z.enum(REQUEST_TYPES),
  request_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  scac: z.optional(z.string().check(z.trim(), z.minLength(2), z.maxLength(10))),
  auto_detect_vocc_scac: z.optional(z.boolean()),
  ref_numbers: z.optional(z.array(tag).check(z.maxLength(50))),
  shipment_tags: z.optional(z.array(tag).check(z.maxLength(50))),
  initial_custom_fields: z.optional(
    z.strictObject({
      shipment: z.optional(
        z
          .array(z.strictObject({ api_slug: z.string(), value: CustomFieldValueSchema }))
          .check(z.maxLength(50)),
      ),
      containers: z.optional(
        z
          .array(
            z.strictObject({
              api_slug: z.string(),
              value: CustomFieldValueSchema,
              number: z.optional(z.string().check(z.maxLength(20))),
            }),
          )
          .check(z.maxLength(200)),
      ),
    }),
  ),
})
export type TrackingRequestAttributes = z.input<typeof TrackingRequestAttributesSchema>

export const TrackingRequestCreateSchema = z.object({
  data: z.object({
    type: z.literal('tracking_request'),
    attributes: TrackingRequestAttributesSchema,
    relationships: z.optional(
      z.strictObject({
        customer: z.optional(
          z.object({
            data: z.object({
              id: z.string().check(z.minLength(1)),
              type: z.literal('party'),
            }),
          }),
        ),
      }),
    ),
  }),
})
export type TrackingRequestCreate = z.infer<typeof TrackingRequestCreateSchema>

export const TrackingRequestPatchSchema = z.object({
  data: z.object({
    type: z.optional(z.literal('tracking_request')),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      ref_number: z.optional(tag),
      ref_numbers: z.optional(z.array(tag).check(z.maxLength(50))),
      shipment_tags: z.optional(z.array(tag).check(z.maxLength(50))),
    }),
  }),
})

export const InferNumberRequestSchema = z.object({
  number: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
})

const ShippingLineGuessSchema = z.looseObject({
  scac: z.string(),
  name: z.nullish(z.string()),
  confidence: looseNumber,
})

export const InferNumberResultSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.looseObject({
    number_type: z.nullish(openEnum(['container', 'bill_of_lading', 'booking'])),
    validation: z.nullish(
      z.looseObject({
        is_valid: z.nullish(looseBoolean),
        type: z.nullish(z.string()),
        check_digit_passed: z.nullish(looseBoolean),
        parsed_number: z.nullish(z.string()),
        reason: z.nullish(z.string()),
      }),
    ),
    shipping_line: z.nullish(
      z.looseObject({
        decision: openEnum(['auto_select', 'needs_confirmation', 'no_prediction']),
        selected: z.nullish(ShippingLineGuessSchema),
        candidates: z.nullish(z.array(ShippingLineGuessSchema)),
      }),
    ),
  }),
})
export type InferNumberResult = z.infer<typeof InferNumberResultSchema>
export const InferNumberDocumentSchema = z.looseObject({ data: InferNumberResultSchema })
