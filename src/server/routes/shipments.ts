import type { Context } from 'hono'
import { ShipmentDocumentSchema, ShipmentPatchSchema } from '../../contract/shipments'
import type { Deps } from '../deps'
import { entityTag, preconditionFailed } from '../http/if-match'
import { findingOr404 } from '../http/params'
import { includeQuery } from '../http/query-params'
import { type RouteEnv, route, routes } from '../http/route'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'
import { partyScope, requireInParty } from './party-scope'
import { respondWithOne } from './respond-with'
import { shipmentListRoute } from './shipment-list-query'

const shipmentTarget = (row: { id: string; bill_of_lading_number: string }) => ({
  type: 'shipment',
  id: row.id,
  label: row.bill_of_lading_number,
})
const TRACKING_FIELDS = ['line_tracking_stopped_at', 'line_tracking_stopped_reason']

/** Stop and resume tracking: the line is asked again at once on resuming. */
const trackingSwitchRoutes = ({ storage, clock }: Pick<Deps, 'storage' | 'clock'>) => {
  const find = findingOr404('shipment', (accountId, id) => storage.shipments.get(accountId, id))
  const switchTracking = async (c: Context<RouteEnv>, id: string, stop: boolean) => {
    const accountId = c.var.caller.accountId
    const shipment = await find(accountId, id)
    if (stop && shipment.line_tracking_stopped_at) return shipment
    return storage.transaction(async (stores) => {
      const row = await stores.shipments.update(
        accountId,
        shipment.id,
        stop
          ? {
              line_tracking_stopped_at: clock.now(),
              line_tracking_stopped_reason: 'cancelled_by_user',
              next_update_at: null,
            }
          : {
              line_tracking_stopped_at: null,
              line_tracking_stopped_reason: null,
              next_update_at: clock.now(),
            },
      )
      const changes = row && changedFields(shipment, row, TRACKING_FIELDS)
      if (changes)
        await stores.audit.record(auditActor(c), {
          accountId,
          action: stop ? 'shipment.tracking_stopped' : 'shipment.tracking_resumed',
          target: shipmentTarget(row),
          ...changes,
        })
      return row
    })
  }
  return [
    route(
      {
        method: 'patch',
        path: '/shipments/:id/stop_tracking',
        summary: 'Stop tracking a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) => respondWithOne(c, storage, 'shipment', await switchTracking(c, c.req.param('id'), true)),
    ),
    route(
      {
        method: 'patch',
        path: '/shipments/:id/resume_tracking',
        summary: 'Resume tracking a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) => respondWithOne(c, storage, 'shipment', await switchTracking(c, c.req.param('id'), false)),
    ),
  ]
}

export const shipmentRoutes = ({ storage, clock }: Deps) => {
  const find = findingOr404('shipment', (accountId, id) => storage.shipments.get(accountId, id))
  const findShown = findingOr404('shipment', (accountId, id) => storage.shipments.shownGet(accountId, id))
  return routes(
    shipmentListRoute(storage),
    route(
      {
        method: 'get',
        path: '/shipments/:id',
        customer: 'party-scoped',
        summary: 'Get a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) => {
        const party = partyScope(c, c.var.caller)
        const shipment = await findShown(c.var.caller.accountId, c.req.param('id'))
        const shown = { what: 'shipment', id: c.req.param('id') }
        await requireInParty(storage, c.var.caller, party, shipment.id, shown)
        return respondWithOne(c, storage, 'shipment', shipment)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/shipments/:id',
        summary: 'Edit reference numbers and tags',
        description:
          'Send `If-Match` with the version read (its `version` attribute, or the `ETag` of an earlier edit) to refuse the edit with 412 when someone has edited the shipment since.',
        query: includeQuery,
        body: ShipmentPatchSchema,
        response: ShipmentDocumentSchema,
        ifMatch: true,
      },
      async (c, { body, ifMatch }) => {
        const accountId = c.var.caller.accountId
        const shipment = await find(accountId, c.req.param('id'))
        const attributes = body.data.attributes ?? {}
        const updated = await storage.transaction(async (stores) => {
          const before = await stores.shipments.get(accountId, shipment.id)
          const row = await stores.shipments.edit(
            accountId,
            shipment.id,
            attributes,
            ifMatch === '*' ? undefined : ifMatch,
          )
          if (!row || !before)
            throw preconditionFailed(
              'shipment',
              (await stores.shipments.get(accountId, shipment.id))?.version,
            )
          await stores.shipments.refreshSearchNumbers(accountId, shipment.id)
          const changes = changedFields(before, row, Object.keys(attributes))
          if (changes)
            await stores.audit.record(auditActor(c), {
              accountId,
              action: 'shipment.updated',
              target: shipmentTarget(row),
              ...changes,
            })
          return row
        })
        c.header('ETag', entityTag(updated.version))
        return respondWithOne(c, storage, 'shipment', updated)
      },
    ),
    ...trackingSwitchRoutes({ storage, clock }),
  )
}
