import type { ChangeEvent } from '../storage/event-store'
import { iso } from '../storage/iso-time'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

/** Each its own JSON:API type, as the real service has. */
const changeEventResource = (type: string): ResourceDefinition<ChangeEvent> => ({
  type,
  attributes: (row) => ({ ...row.attributes, created_at: iso(row.created_at) }),
  relationships: {
    shipment: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    container: { kind: 'one', target: 'container', key: (row) => row.container_id },
    terminal: { kind: 'one', target: 'terminal', key: (row) => row.terminal_id },
    port: { kind: 'one', target: 'port', key: (row) => row.port_id },
    vessel: { kind: 'one', target: 'vessel', key: (row) => row.vessel_id },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.events.changeByIds(ctx.accountId, type, ids),
})

export const estimatedEventResource = changeEventResource('estimated_event')
export const containerUpdatedEventResource = changeEventResource('container_updated_event')
export const containerCreatedEventResource = changeEventResource('container_created_event')
export const podTerminalChangedEventResource = changeEventResource('container_pod_terminal_changed_event')
