import type { Context } from 'hono'
import type { Caller } from '../http/auth'
import { findingOr404 } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import type { RouteEnv } from '../http/route'
import type { IncludeTree } from '../jsonapi/include-paths'
import type { Storage } from '../storage/storage'
import { includeOf } from './respond-with'

/** No party matches it: a customer whose person names no party sees nothing. */
const NO_PARTY = '00000000-0000-0000-0000-000000000000'

/** What a customer's shipments lead to: its own containers, events and party, and shared reference data. */
const CUSTOMER_INCLUDES = new Set([
  'containers',
  'container',
  'shipment',
  'shipments',
  'customer',
  'trucker',
  'port_of_lading',
  'port_of_discharge',
  'destination',
  'pod_terminal',
  'destination_terminal',
  'pod_vessel',
  'pickup_facility',
  'transport_events',
  'raw_events',
  'location',
  'vessel',
  'terminal',
])

function refuseWiderIncludes(tree: IncludeTree, path: string[] = []) {
  for (const [name, children] of tree) {
    if (!CUSTOMER_INCLUDES.has(name))
      throw badParameter('include', `A customer cannot include ${[...path, name].join('.')}`)
    refuseWiderIncludes(children, [...path, name])
  }
}

/** The customer role's one party, or undefined for every other role; checks the includes a customer asks. */
export function partyScope(c: Context, caller: Caller) {
  if (caller.role !== 'customer') return undefined
  refuseWiderIncludes(includeOf(c))
  return caller.partyId ?? NO_PARTY
}

/** A list's `filter[customer]` narrowed to the party: another party's id finds nothing. */
export const customerFilter = (party: string | undefined, asked: string | undefined) =>
  party === undefined ? asked : asked === undefined || asked === party ? party : NO_PARTY

/** Another party's shipment answers as one that does not exist, so its existence is not confirmed. */
export async function requireInParty(
  storage: Storage,
  caller: Caller,
  party: string | undefined,
  shipmentId: string,
  shown: { what: string; id: string },
) {
  if (party === undefined) return
  const shipment = await storage.shipments.get(caller.accountId, shipmentId)
  if (shipment?.customer_id !== party) throw notFound(shown.what, shown.id)
}

/** A container by id for any role; a customer's only when its shipment is the party's. */
export const partyContainer =
  <Row extends { id: string; shipment_id: string }>(
    storage: Storage,
    read: (accountId: string, id: string) => Promise<Row | undefined>,
  ) =>
  async (c: Context<RouteEnv>, id: string) => {
    const party = partyScope(c, c.var.caller)
    const row = await findingOr404('container', read)(c.var.caller.accountId, id)
    await requireInParty(storage, c.var.caller, party, row.shipment_id, { what: 'container', id })
    return row
  }
