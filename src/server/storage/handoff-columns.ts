import type { containers, HandoffConfirmations } from './schema'

type Row = Partial<
  Pick<
    typeof containers.$inferSelect,
    | 'pod_full_out_at'
    | 'final_destination_full_out_at'
    | 'empty_terminated_at'
    | 'pod_rail_carrier_scac'
    | 'current_status'
  >
>

const AFTER_PICKUP = new Set(['picked_up', 'off_dock', 'delivered', 'dropped', 'loaded', 'empty_returned'])

/**
 * What a trucker confirmed stands until the source reports it itself: the columns a person's word would set.
 * At a rail ramp the pickup is the final destination's full out; at the port it is both.
 */
export function confirmedColumns(row: Row, confirmed: HandoffConfirmations | null | undefined) {
  const columns: Partial<Row & { available_for_pickup: boolean; location_at_pod_terminal: null }> = {}
  const pickup = confirmed?.pickup ?? confirmed?.empty_return
  if (pickup && !row.final_destination_full_out_at && !row.pod_full_out_at) {
    const at = new Date(pickup.at)
    columns.final_destination_full_out_at = at
    if (!row.pod_rail_carrier_scac) columns.pod_full_out_at = at
    columns.available_for_pickup = false
    columns.location_at_pod_terminal = null
    if (!AFTER_PICKUP.has(row.current_status ?? 'new')) columns.current_status = 'picked_up'
  }
  if (confirmed?.empty_return && !row.empty_terminated_at) {
    columns.empty_terminated_at = new Date(confirmed.empty_return.at)
    columns.current_status = 'empty_returned'
  }
  return columns
}
