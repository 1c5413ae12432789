import type { ShownAlert } from '../storage/alert-reads'
import { iso } from '../storage/iso-time'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

/** As `alert.fired` carries it (the account's view, no one's read mark) and the bell shows it, with its container. */
export const alertResource: ResourceDefinition<ShownAlert> = {
  type: 'alert',
  attributes: (row) => ({
    rule_name: row.rule_name,
    condition_kind: row.condition_kind,
    subject_type: row.subject_type,
    fired_at: iso(row.fired_at),
    title: row.title,
    body: row.body,
    container_number: row.container_number,
    bill_of_lading_number: row.bill_of_lading_number,
    customer_name: row.customer_name,
    time_zone: row.time_zone,
    read_at: iso(row.read_at),
    detail: row.detail,
  }),
  relationships: {
    rule: { kind: 'one', target: 'alert_rule', key: (row) => row.rule_id },
    container: { kind: 'one', target: 'container', key: (row) => row.container_id },
    shipment: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    document: {
      kind: 'one',
      target: 'document',
      key: (row) => (row.subject_type === 'document' ? row.subject_id : null),
    },
    tracking_request: {
      kind: 'one',
      target: 'tracking_request',
      key: (row) => (row.subject_type === 'tracking_request' ? row.subject_id : null),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.alertReads.byIds(ctx.accountId, ids),
}
