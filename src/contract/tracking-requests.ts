import { z } from 'zod'
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
    request_number: z.string().nullish(),
    request_type: openEnum(REQUEST_TYPES).nullish(),
    scac: z.string().nullish(),
    ref_numbers: z.array(z.string()).nullish(),
    shipment_tags: z.array(z.string()).nullish(),
    tags: z.array(z.string()).nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
    status: openEnum(TRACKING_REQUEST_STATUSES).nullish(),
    failed_reason: openEnum(FAILED_REASONS).nullish(),
    is_retrying: looseBoolean.nullish(),
    retry_count: looseInteger.nullish(),
  },
  { tracked_object: toOne.optional(), customer: toOne.optional() },
)
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>
export const TrackingRequestDocumentSchema = singleDocument(TrackingRequestSchema)
export const TrackingRequestListDocumentSchema = listDocument(TrackingRequestSchema)

const tag = z.string().trim().min(1).max(100)

export const TrackingRequestCreateSchema = z.object({
  data: z.object({
    type: z.literal('tracking_request'),
    attributes: z.strictObject({
      request_type: z.enum(REQUEST_TYPES),
      request_number: z.string().trim().min(1).max(100),
      scac: z.string().trim().min(2).max(10),
      ref_numbers: z.array(tag).max(50).optional(),
      shipment_tags: z.array(tag).max(50).optional(),
    }),
    relationships: z
      .strictObject({
        customer: z
          .object({ data: z.object({ id: z.string().min(1), type: z.literal('party') }) })
          .optional(),
      })
      .optional(),
  }),
})
export type TrackingRequestCreate = z.infer<typeof TrackingRequestCreateSchema>

export const InferNumberRequestSchema = z.object({ number: z.string().trim().min(1).max(100) })

const ShippingLineGuessSchema = z.looseObject({
  scac: z.string(),
  name: z.string().nullish(),
  confidence: looseNumber,
})

export const InferNumberResultSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.looseObject({
    number_type: openEnum(['container', 'bill_of_lading', 'booking']).nullish(),
    validation: z
      .looseObject({
        is_valid: looseBoolean.nullish(),
        type: z.string().nullish(),
        check_digit_passed: looseBoolean.nullish(),
        parsed_number: z.string().nullish(),
        reason: z.string().nullish(),
      })
      .nullish(),
    shipping_line: z
      .looseObject({
        decision: openEnum(['auto_select', 'needs_confirmation', 'no_prediction']),
        selected: ShippingLineGuessSchema.nullish(),
        candidates: z.array(ShippingLineGuessSchema).nullish(),
      })
      .nullish(),
  }),
})
export type InferNumberResult = z.infer<typeof InferNumberResultSchema>
export const InferNumberDocumentSchema = z.looseObject({ data: InferNumberResultSchema })
