import { z } from 'zod/mini'
import { type Container, ContainerAttributes, ContainerSchema } from './containers'
import { emptyDaysLeft } from './detention'
import { AnyResourceSchema, looseInteger, PaginationLinksSchema, PaginationMetaSchema } from './document'
import { isStaleSource } from './lfd-sources'
import { dayNumber, localDay } from './local-day'

/** `filter[tab]` names (a Quayside extension); a container can be in several tabs at once. */
export const BOARD_TABS = [
  'attention',
  'on_hold',
  'available',
  'lfd_soon',
  'overdue',
  'arriving',
  'done',
  'empty_due',
  'empty_overdue',
] as const
export type BoardTab = (typeof BOARD_TABS)[number]

export const DEFAULT_LFD_WITHIN_DAYS = 3
export const MAX_LFD_WITHIN_DAYS = 30
/** A hold needs attention once the last free day is this close. */
export const HOLD_ATTENTION_DAYS = 3
export const ARRIVING_WITHIN_DAYS = 7

type Attributes = Pick<
  Container['attributes'],
  | 'pickup_lfd'
  | 'pod_timezone'
  | 'final_destination_timezone'
  | 'import_deadlines'
  | 'pod_discharged_at'
  | 'pod_arrived_at'
  | 'pod_full_out_at'
  | 'final_destination_full_out_at'
  | 'empty_terminated_at'
  | 'holds_at_pod_terminal'
  | 'fees_at_pod_terminal'
  | 'available_for_pickup'
  | 'pickup_lfd_source'
  | 'pickup_lfd_checked_at'
  | 'empty_return_deadline'
>

const DAY = 86_400_000
/** A railroad's last free day is counted in the ramp's zone, otherwise the port of discharge's. */
export function lfdZoneOf(a: Attributes) {
  const rail = Boolean(a.import_deadlines?.pickup_lfd_rail)
  return (rail ? (a.final_destination_timezone ?? a.pod_timezone) : a.pod_timezone) || 'UTC'
}

/** 0 on the last free day itself, -1 the day after (overdue). */
export function lfdDaysLeft(a: Attributes, now: Date) {
  if (!a.pickup_lfd) return undefined
  const zone = lfdZoneOf(a)
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(a.pickup_lfd) ? undefined : new Date(a.pickup_lfd)
  if (instant && Number.isNaN(instant.getTime())) return undefined
  const lfd = instant ? localDay(instant, zone) : a.pickup_lfd
  return dayNumber(lfd) - dayNumber(localDay(now, zone))
}

/** Checked longer ago than the engine's check interval: "unconfirmed", so it raises no urgency on its own. */
export const lfdUnconfirmed = (a: Attributes, now: Date) =>
  Boolean(a.pickup_lfd) &&
  isStaleSource({ kind: a.pickup_lfd_source ?? 'terminal', checked_at: a.pickup_lfd_checked_at }, now)

export const urgentDaysLeft = (a: Attributes, now: Date) =>
  lfdUnconfirmed(a, now) ? undefined : lfdDaysLeft(a, now)

export const isDone = (a: Attributes) =>
  Boolean(a.pod_full_out_at || a.final_destination_full_out_at || a.empty_terminated_at)

export const isWaiting = (a: Attributes) => Boolean(a.pod_discharged_at) && !isDone(a)

export const isOnHold = (a: Attributes) =>
  isWaiting(a) && (a.holds_at_pod_terminal?.length ?? 0) > 0 && a.available_for_pickup !== true

export const hasAccruingFees = (a: Attributes) =>
  isWaiting(a) &&
  (a.fees_at_pod_terminal ?? []).some(
    (fee) => (fee.type === 'demurrage' || fee.type === 'extended_dwell_time') && (fee.amount ?? 0) > 0,
  )

export type BoardFacts = {
  attributes: Attributes
  podEtaAt?: string | null
  podAtaAt?: string | null
}

/** The rule the service's query and its tests both follow. */
export function boardTabsOf(
  { attributes: a, podEtaAt, podAtaAt }: BoardFacts,
  now: Date,
  lfdWithinDays: number,
) {
  const tabs: BoardTab[] = []
  const days = isWaiting(a) ? urgentDaysLeft(a, now) : undefined
  const overdue = days !== undefined && days < 0
  const onHold = isOnHold(a)
  if ((onHold && days !== undefined && days <= HOLD_ATTENTION_DAYS) || overdue || hasAccruingFees(a))
    tabs.push('attention')
  if (onHold) tabs.push('on_hold')
  // available means it can go today without a charge for being late: an overdue one is in Overdue only
  if (isWaiting(a) && a.available_for_pickup === true && !overdue && !lfdUnconfirmed(a, now))
    tabs.push('available')
  if (days !== undefined && days >= 0 && days <= lfdWithinDays) tabs.push('lfd_soon')
  if (overdue) tabs.push('overdue')
  const eta = podEtaAt ? Date.parse(podEtaAt) : Number.NaN
  if (!a.pod_arrived_at && !podAtaAt && Math.abs(eta - now.getTime()) <= ARRIVING_WITHIN_DAYS * DAY)
    tabs.push('arriving')
  if (isDone(a)) tabs.push('done')
  // the empty's deadline shares the last free day's "within N days"
  const emptyDays = emptyDaysLeft(a, now)
  if (emptyDays !== undefined && emptyDays >= 0 && emptyDays <= lfdWithinDays) tabs.push('empty_due')
  if (emptyDays !== undefined && emptyDays < 0) tabs.push('empty_overdue')
  return tabs
}

export const ContainerBoardDocumentSchema = z.looseObject({
  data: z.array(ContainerSchema),
  included: z.optional(z.array(AnyResourceSchema)),
  links: z.optional(PaginationLinksSchema),
  meta: z.optional(
    z.extend(PaginationMetaSchema, {
      tab_counts: z.optional(
        z.partial(
          z.looseObject(
            Object.fromEntries(BOARD_TABS.map((tab) => [tab, looseInteger])) as Record<
              BoardTab,
              typeof looseInteger
            >,
          ),
        ),
      ),
    }),
  ),
})
export type ContainerBoardDocument = z.infer<typeof ContainerBoardDocumentSchema>

/**
 * What the board reads of each resource, asked as JSON:API sparse fieldsets. A container keeps every attribute,
 * because its state reads them all and must read the same here as anywhere; a page's hundreds of event ids and
 * the shipments' other fields stay on the server.
 */
export const BOARD_FIELDS = {
  container: [
    ...(Object.keys(ContainerAttributes) as (keyof typeof ContainerAttributes)[]),
    'shipment',
    'pod_terminal',
  ],
  shipment: [
    'bill_of_lading_number',
    'shipping_line_scac',
    'customer_name',
    'tags',
    'port_of_discharge_locode',
    'port_of_discharge_name',
    'pod_vessel_name',
    'pod_voyage_number',
    'pod_eta_at',
    'pod_ata_at',
    'pod_timezone',
  ],
  terminal: ['name', 'demurrage_tariff'],
} as const
