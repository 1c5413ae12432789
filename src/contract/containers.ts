import { z } from 'zod/mini'
import { APPOINTMENT_KINDS, AppointmentSourceSchema } from './appointments'
import { DetentionTariffSchema } from './detention-tariff'
import {
  calendarDate,
  listDocument,
  looseBoolean,
  looseInteger,
  looseNumber,
  openEnum,
  resource,
  singleDocument,
  timestamp,
  toMany,
  toOne,
} from './document'
import { LFD_SOURCE_KINDS, LfdSourceSchema } from './lfd-sources'

export const CONTAINER_STATUSES = [
  'new',
  'on_ship',
  'available',
  'not_available',
  'grounded',
  'on_rail',
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
  'awaiting_inland_transfer',
] as const
export const ContainerStatusSchema = openEnum(CONTAINER_STATUSES)

export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const
export const HoldSchema = z.looseObject({
  name: openEnum(HOLD_NAMES),
  status: z.nullish(openEnum(['hold', 'pending'])),
  description: z.nullish(z.string()),
})
export type Hold = z.infer<typeof HoldSchema>

export const FEE_TYPES = ['demurrage', 'exam', 'extended_dwell_time', 'other', 'total'] as const
export const FeeSchema = z.looseObject({
  type: openEnum(FEE_TYPES),
  amount: z.nullish(looseNumber),
  currency_code: z.nullish(z.string()),
})
export type Fee = z.infer<typeof FeeSchema>

export const ImportDeadlinesSchema = z.looseObject({
  pickup_lfd_terminal: z.nullish(timestamp),
  pickup_lfd_rail: z.nullish(timestamp),
  pickup_lfd_line: z.nullish(timestamp),
})

export const ContainerAttributes = {
  number: z.string(),
  seal_number: z.nullish(z.string()),
  created_at: z.nullish(timestamp),
  ref_numbers: z.nullish(z.array(z.string())),
  pod_arrived_at: z.nullish(timestamp),
  pod_discharged_at: z.nullish(timestamp),
  final_destination_full_out_at: z.nullish(timestamp),
  pod_full_out_at: z.nullish(timestamp),
  empty_terminated_at: z.nullish(timestamp),
  delivered_at: z.nullish(timestamp),
  empty_out_at: z.nullish(timestamp),
  pol_full_in_at: z.nullish(timestamp),
  pol_vessel_loaded_at: z.nullish(timestamp),
  pol_vessel_departed_at: z.nullish(timestamp),
  terminal_checked_at: z.nullish(timestamp),
  holds_at_pod_terminal: z.nullish(z.array(HoldSchema)),
  fees_at_pod_terminal: z.nullish(z.array(FeeSchema)),
  available_for_pickup: z.nullish(looseBoolean),
  availability_known: z.nullish(looseBoolean),
  equipment_type: z.nullish(openEnum(['dry', 'reefer', 'open_top', 'flat_rack', 'tank', 'hard_top'])),
  equipment_length: z.nullish(looseInteger),
  equipment_height: z.nullish(openEnum(['standard', 'high_cube'])),
  weight_in_lbs: z.nullish(looseNumber),
  pickup_lfd: z.nullish(timestamp),
  pickup_appointment_at: z.nullish(timestamp),
  pod_full_out_chassis_number: z.nullish(z.string()),
  location_at_pod_terminal: z.nullish(z.string()),
  pod_last_tracking_request_at: z.nullish(timestamp),
  shipment_last_tracking_request_at: z.nullish(timestamp),
  rail_last_tracking_request_at: z.nullish(timestamp),
  pod_timezone: z.nullish(z.string()),
  final_destination_timezone: z.nullish(z.string()),
  empty_terminated_timezone: z.nullish(z.string()),
  pod_rail_carrier_scac: z.nullish(z.string()),
  ind_rail_carrier_scac: z.nullish(z.string()),
  pod_rail_loaded_at: z.nullish(timestamp),
  pod_rail_departed_at: z.nullish(timestamp),
  ind_eta_at: z.nullish(timestamp),
  ind_ata_at: z.nullish(timestamp),
  ind_rail_unloaded_at: z.nullish(timestamp),
  ind_facility_holds: z.nullish(z.array(HoldSchema)),
  ind_facility_fees: z.nullish(z.array(FeeSchema)),
  ind_facility_lfd_on: z.nullish(calendarDate),
  import_deadlines: z.nullish(ImportDeadlinesSchema),
  /** Quayside extension: when the line's free time for the empty ends; null before pickup or with no detention tariff. */
  empty_return_deadline: z.nullish(timestamp),
  /** Quayside extension: the line's detention tariff for this lane, as it was at pickup. */
  detention_tariff: z.nullish(DetentionTariffSchema),
  ssl_lfd: z.nullish(timestamp),
  lfd_sources: z.nullish(z.array(LfdSourceSchema)),
  pickup_lfd_source: z.nullish(openEnum(LFD_SOURCE_KINDS)),
  pickup_lfd_checked_at: z.nullish(timestamp),
  current_status: z.nullish(ContainerStatusSchema),
  /** Quayside extensions: the appointments after pickup, every source of each, and the next one still to happen. */
  delivery_appointment_at: z.nullish(timestamp),
  empty_return_appointment_at: z.nullish(timestamp),
  appointments: z.nullish(z.array(AppointmentSourceSchema)),
  next_appointment_at: z.nullish(timestamp),
  next_appointment_kind: z.nullish(openEnum(APPOINTMENT_KINDS)),
}

export const ContainerSchema = resource('container', ContainerAttributes, {
  shipment: z.optional(toOne),
  pickup_facility: z.optional(toOne),
  pod_terminal: z.optional(toOne),
  transport_events: z.optional(toMany),
  raw_events: z.optional(toMany),
  trucker: z.optional(toOne),
})
export type Container = z.infer<typeof ContainerSchema>

export const ContainerDocumentSchema = singleDocument(ContainerSchema)
export const ContainerListDocumentSchema = listDocument(ContainerSchema)

/** A person's appointment; null takes it back, and the next source counts again. */
const appointmentTime = z.nullable(z.iso.datetime({ offset: true }))

const refNumber = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

/** The reference document has no id in the path, so `data.id` names the container. */
export const ContainerPatchSchema = z.object({
  data: z.object({
    type: z.literal('container'),
    id: z.string().check(z.minLength(1, 'Name the container in data.id')),
    attributes: z.strictObject({
      ref_numbers: z.optional(z.array(refNumber).check(z.maxLength(50))),
      pickup_appointment_at: z.optional(appointmentTime),
      delivery_appointment_at: z.optional(appointmentTime),
      empty_return_appointment_at: z.optional(appointmentTime),
    }),
    relationships: z.optional(
      z.strictObject({
        trucker: z.object({
          data: z.nullable(z.object({ type: z.literal('party'), id: z.string().check(z.minLength(1)) })),
        }),
      }),
    ),
  }),
})
