import { randomUUID } from 'node:crypto'
import type { LfdChange } from '../storage/document-lfd'
import type { Stores } from '../storage/storage'
import { notify } from '../webhooks/notify'
import { linkDocument } from './link-document'

/** One request may drop a document's word and give it again, which is no move at all. */
function netMoves(changes: LfdChange[]) {
  const moves = new Map<string, LfdChange & { shipmentId: string }>()
  for (const change of changes) {
    // a container tracked without a shipment has no change event
    if (!change.shipmentId) continue
    const first = moves.get(change.containerId)
    const pickupLfd: LfdChange['pickupLfd'] = [
      first ? first.pickupLfd[0] : change.pickupLfd[0],
      change.pickupLfd[1],
    ]
    moves.set(change.containerId, { ...change, shipmentId: change.shipmentId, pickupLfd })
  }
  return [...moves.values()].filter((move) => move.pickupLfd[0] !== move.pickupLfd[1])
}

/** Once per container however many steps the move took, through the outbox in the caller's transaction. */
export async function announceLfdChanges(stores: Stores, accountId: string, changes: LfdChange[]) {
  const moves = netMoves(changes)
  if (moves.length === 0) return 0
  const events = await stores.tracking.insertNewChangeEvents(
    moves.map((move) => ({
      id: randomUUID(),
      account_id: accountId,
      type: 'container_updated_event',
      event: 'container.updated',
      shipment_id: move.shipmentId,
      container_id: move.containerId,
      terminal_id: move.terminalId,
      created_at: move.at,
      attributes: {
        changeset: { pickup_lfd: move.pickupLfd },
        timestamp: move.at.toISOString(),
        data_source: move.source,
        timezone: move.timezone,
      },
    })),
  )
  const announcements = events.map((e) => ({ event: e.event, reference: { type: e.type, id: e.id } }))
  return notify(stores, accountId, moves[0].at, announcements, randomUUID)
}

export async function dropDocumentLfd(stores: Stores, accountId: string, documentId: string) {
  await announceLfdChanges(
    stores,
    accountId,
    await stores.containers.keepDocumentLfd(accountId, documentId, [], null),
  )
}

export async function linkDocumentAnnounced(...args: Parameters<typeof linkDocument>) {
  const linked = await linkDocument(...args)
  await announceLfdChanges(args[0], args[1], linked.lfdChanges)
  return linked
}
