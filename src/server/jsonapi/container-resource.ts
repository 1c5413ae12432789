import { containerAttributes } from '../storage/container-attributes'
import type { Container, ShownContainer } from '../storage/container-store'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

/** Both linkages come from one query: the second relationship finds the first one's answer for the same rows. */
const eventLinkage = new WeakMap<object, ReturnType<Ctx['storage']['events']['eventLinkageByContainerIds']>>()
const eventLinkageOf = (ctx: Ctx, rows: { id: string }[]) => {
  let linkage = eventLinkage.get(rows)
  if (!linkage) {
    linkage = ctx.storage.events.eventLinkageByContainerIds(
      ctx.accountId,
      rows.map((r) => r.id),
    )
    eventLinkage.set(rows, linkage)
  }
  return linkage
}

/** Rows shown as primary data carry their linkage, kept with their attributes; others (a write's answer) do not. */
const keptLinkage = (rows: (Container | ShownContainer)[], field: 'transport_linkage' | 'raw_linkage') => {
  const texts = new Map<string, string>()
  for (const row of rows) {
    const text = (row as ShownContainer)[field]
    if (typeof text !== 'string') return undefined
    texts.set(row.id, text)
  }
  return texts
}

export const containerResource: ResourceDefinition<Container | ShownContainer> = {
  type: 'container',
  self: (row) => `/v2/containers/${row.id}`,
  attributes: containerAttributes.of,
  attributeNames: containerAttributes.names,
  relationships: {
    shipment: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    pickup_facility: { kind: 'one', target: 'terminal', key: (row) => row.pickup_facility_id },
    pod_terminal: { kind: 'one', target: 'terminal', key: (row) => row.pod_terminal_id },
    trucker: { kind: 'one', target: 'party', key: (row) => row.trucker_party_id },
    transport_events: {
      kind: 'many',
      target: 'transport_event',
      linkageJson: async (ctx: Ctx, rows) =>
        keptLinkage(rows, 'transport_linkage') ?? (await eventLinkageOf(ctx, rows)).transport,
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.events.shownTransportByContainerIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (e) => e.container_id,
        ),
    },
    raw_events: {
      kind: 'many',
      target: 'raw_event',
      linkageJson: async (ctx: Ctx, rows) =>
        keptLinkage(rows, 'raw_linkage') ?? (await eventLinkageOf(ctx, rows)).raw,
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.events.rawByContainerIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (e) => e.container_id,
        ),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.containers.shownByIds(ctx.accountId, ids),
}
