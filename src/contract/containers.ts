import { z } from 'zod'
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
  status: openEnum(['hold', 'pending']).nullish(),
  description: z.string().nullish(),
})
export type Hold = z.infer<typeof HoldSchema>

export const FEE_TYPES = ['demurrage', 'exam', 'extended_dwell_time', 'other', 'total'] as const
export const FeeSchema = z.looseObject({
  type: openEnum(FEE_TYPES),
  amount: looseNumber.nullish(),
  currency_code: z.string().nullish(),
})
export type Fee = z.infer<typeof FeeSchema>

export const ImportDeadlinesSchema = z.looseObject({
  pickup_lfd_terminal: timestamp.nullish(),
  pickup_lfd_rail: timestamp.nullish(),
  pickup_lfd_line: timestamp.nullish(),
})

export const ContainerAttributes = {
  number: z.string(),
  seal_number: z.string().nullish(),
  created_at: timestamp.nullish(),
  ref_numbers: z.array(z.string()).nullish(),
  pod_arrived_at: timestamp.nullish(),
  pod_discharged_at: timestamp.nullish(),
  final_destination_full_out_at: timestamp.nullish(),
  pod_full_out_at: timestamp.nullish(),
  empty_terminated_at: timestamp.nullish(),
  terminal_checked_at: timestamp.nullish(),
  holds_at_pod_terminal: z.array(HoldSchema).nullish(),
  fees_at_pod_terminal: z.array(FeeSchema).nullish(),
  available_for_pickup: looseBoolean.nullish(),
  availability_known: looseBoolean.nullish(),
  equipment_type: openEnum(['dry', 'reefer', 'open_top', 'flat_rack', 'tank', 'hard_top']).nullish(),
  equipment_length: looseInteger.nullish(),
  equipment_height: openEnum(['standard', 'high_cube']).nullish(),
  weight_in_lbs: looseNumber.nullish(),
  pickup_lfd: timestamp.nullish(),
  pickup_appointment_at: timestamp.nullish(),
  pod_full_out_chassis_number: z.string().nullish(),
  location_at_pod_terminal: z.string().nullish(),
  pod_last_tracking_request_at: timestamp.nullish(),
  shipment_last_tracking_request_at: timestamp.nullish(),
  pod_timezone: z.string().nullish(),
  final_destination_timezone: z.string().nullish(),
  empty_terminated_timezone: z.string().nullish(),
  pod_rail_carrier_scac: z.string().nullish(),
  ind_rail_carrier_scac: z.string().nullish(),
  pod_rail_loaded_at: timestamp.nullish(),
  pod_rail_departed_at: timestamp.nullish(),
  ind_eta_at: timestamp.nullish(),
  ind_ata_at: timestamp.nullish(),
  ind_rail_unloaded_at: timestamp.nullish(),
  ind_facility_holds: z.array(HoldSchema).nullish(),
  ind_facility_fees: z.array(FeeSchema).nullish(),
  ind_facility_lfd_on: calendarDate.nullish(),
  import_deadlines: ImportDeadlinesSchema.nullish(),
  ssl_lfd: timestamp.nullish(),
  current_status: ContainerStatusSchema.nullish(),
}

export const ContainerSchema = resource('container', ContainerAttributes, {
  shipment: toOne.optional(),
  pickup_facility: toOne.optional(),
  pod_terminal: toOne.optional(),
  transport_events: toMany.optional(),
  raw_events: toMany.optional(),
})
export type Container = z.infer<typeof ContainerSchema>

export const ContainerDocumentSchema = singleDocument(ContainerSchema)
export const ContainerListDocumentSchema = listDocument(ContainerSchema)
