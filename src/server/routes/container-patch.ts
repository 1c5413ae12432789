import type { Context } from 'hono'
import type { z } from 'zod/mini'
import { APPOINTMENT_ATTRIBUTE, APPOINTMENT_KINDS } from '../../contract/appointments'
import { ContainerDocumentSchema, ContainerPatchSchema } from '../../contract/containers'
import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { invalidField } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { type RouteEnv, route } from '../http/route'
import type { AppointmentChange } from '../storage/appointment-writes'
import type { Stores } from '../storage/storage'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'
import { respondWithOne } from './respond-with'

type Data = z.infer<typeof ContainerPatchSchema>['data']
type Row = NonNullable<Awaited<ReturnType<Stores['containers']['get']>>>

const AUDITED = ['ref_numbers', ...Object.values(APPOINTMENT_ATTRIBUTE), 'trucker_party_id'] as const

const appointmentChanges = (attributes: Data['attributes']): AppointmentChange[] =>
  APPOINTMENT_KINDS.flatMap((kind) => {
    const value = attributes[APPOINTMENT_ATTRIBUTE[kind]]
    return value === undefined ? [] : [{ kind, value }]
  })

async function truckerOf(stores: Stores, accountId: string, data: Data) {
  const given = data.relationships?.trucker.data
  if (given === undefined) return undefined
  if (given === null) return null
  const [party] = await stores.parties.byIds(accountId, [given.id])
  if (!party)
    throw invalidField('/data/relationships/trucker/data/id', `There is no party ${given.id} in this account`)
  return party.id
}

async function applyPatch(c: Context<RouteEnv>, stores: Stores, container: Row, data: Data) {
  const accountId = c.var.caller.accountId
  let row = container
  if (data.attributes.ref_numbers) {
    row = await stores.containers.updateRefNumbers(accountId, row.id, [
      ...new Set(data.attributes.ref_numbers),
    ])
    await stores.shipments.refreshSearchNumbers(accountId, row.shipment_id)
  }
  const appointments = appointmentChanges(data.attributes)
  if (appointments.length > 0)
    row = await stores.containers.setAppointments(row, appointments, c.var.caller.actorName ?? 'person')
  const trucker = await truckerOf(stores, accountId, data)
  if (trucker !== undefined && trucker !== row.trucker_party_id)
    row = await stores.containers.setTrucker(row, trucker)
  const changes = changedFields(container, row, AUDITED)
  if (changes)
    await stores.audit.record(auditActor(c), {
      accountId,
      action: 'container.updated',
      target: { type: 'container', id: container.id, label: container.number },
      ...changes,
    })
  return row
}

/** Reference numbers, as the reference has it; Quayside adds appointments and the trucker. */
export const containerPatchRoute = ({ storage }: Deps) => {
  const find = findingOr404('container', (accountId, id) => storage.containers.get(accountId, id))
  return route(
    {
      method: 'patch',
      path: '/containers',
      summary:
        "Edit a container's reference numbers; data.id names the container. Quayside adds its appointments and its trucker",
      query: includeQuery,
      body: ContainerPatchSchema,
      response: ContainerDocumentSchema,
    },
    async (c, { body: { data } }) => {
      const container = await find(c.var.caller.accountId, data.id)
      const updated = await storage.transaction((stores) => applyPatch(c, stores, container, data))
      return respondWithOne(c, storage, 'container', updated)
    },
  )
}
