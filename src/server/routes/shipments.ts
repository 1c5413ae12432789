import { Hono } from 'hono'
import { ShipmentPatchSchema } from '../../contract/shipments'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { booleanParameter, requireUuid, uuidParameter } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { SHIPMENT_SORT_FIELDS, type ShipmentSort } from '../storage/shipment-store'

/** `sort=pod_eta_at` or `sort=-pod_eta_at`, as JSON:API spells it; one field at a time. */
const readSort = (raw: string | undefined): ShipmentSort | undefined => {
  if (raw === undefined || raw === '') return undefined
  const field = raw.replace(/^-/, '')
  if (!Object.hasOwn(SHIPMENT_SORT_FIELDS, field))
    throw badParameter(
      'sort',
      `sort must be one of ${Object.keys(SHIPMENT_SORT_FIELDS).join(', ')}, optionally after -`,
    )
  return { field: field as ShipmentSort['field'], descending: raw.startsWith('-') }
}

export const shipmentRoutes = ({ storage, clock }: Deps) => {
  const find = async (accountId: string, id: string) => {
    const shipment = await storage.shipments.get(accountId, requireUuid(id, 'shipment'))
    if (!shipment) throw notFound('shipment', id)
    return shipment
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = (name: string) => c.req.query(name)
      const page = readPage(query)
      const result = await storage.shipments.list(
        c.var.caller.accountId,
        {
          q: query('q'),
          number: query('number'),
          trackingStopped: booleanParameter('filter[tracking_stopped]', query('filter[tracking_stopped]')),
          scac: query('filter[shipping_line_scac]'),
          polLocode: query('filter[port_of_lading_locode]'),
          podLocode: query('filter[port_of_discharge_locode]'),
          customerId: uuidParameter('filter[customer_id]', query('filter[customer_id]')),
          tag: query('filter[tags]'),
        },
        page,
        readSort(query('sort')),
      )
      return respondWithPage(c, storage, 'shipment', result, page)
    })
    .get('/:id', async (c) => {
      const shipment = await find(c.var.caller.accountId, c.req.param('id'))
      return respondWithOne(c, storage, 'shipment', shipment)
    })
    .patch('/:id', async (c) => {
      const shipment = await find(c.var.caller.accountId, c.req.param('id'))
      const body = await readBody(c, ShipmentPatchSchema)
      const updated = await storage.transaction(async (stores) => {
        const row = await stores.shipments.update(
          c.var.caller.accountId,
          shipment.id,
          body.data.attributes ?? {},
        )
        await stores.shipments.refreshSearchNumbers(c.var.caller.accountId, shipment.id)
        return row
      })
      return respondWithOne(c, storage, 'shipment', updated)
    })
    .patch('/:id/stop_tracking', async (c) => {
      const shipment = await find(c.var.caller.accountId, c.req.param('id'))
      const updated = shipment.line_tracking_stopped_at
        ? shipment
        : await storage.shipments.update(c.var.caller.accountId, shipment.id, {
            line_tracking_stopped_at: clock.now(),
            line_tracking_stopped_reason: 'user',
            next_update_at: null,
          })
      return respondWithOne(c, storage, 'shipment', updated)
    })
    .patch('/:id/resume_tracking', async (c) => {
      const shipment = await find(c.var.caller.accountId, c.req.param('id'))
      const updated = await storage.shipments.update(c.var.caller.accountId, shipment.id, {
        line_tracking_stopped_at: null,
        line_tracking_stopped_reason: null,
        next_update_at: clock.now(),
      })
      return respondWithOne(c, storage, 'shipment', updated)
    })
}
