import {
  PartyCreateSchema,
  PartyDocumentSchema,
  PartyListDocumentSchema,
  PartyPatchSchema,
} from '../../contract/parties'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404 } from '../http/params'
import { invalidField } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { auditActor } from './audit-actor'
import { respondWithOne, respondWithPage } from './respond-with'

type Find = ReturnType<typeof partyFinder>

const partyFinder = (storage: Deps['storage']) =>
  findingOr404('party', async (accountId, id) => (await storage.parties.byIds(accountId, [id]))[0])

const partyReads = (storage: Deps['storage'], find: Find) => [
  route(
    {
      method: 'get',
      path: '/parties',
      summary: 'List customers, by name',
      query: { ...pageQuery(25), ...includeQuery },
      response: PartyListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const result = await storage.parties.list(c.var.caller.accountId, page)
      return respondWithPage(c, storage, 'party', result, page)
    },
  ),
  route(
    {
      method: 'get',
      path: '/parties/:id',
      query: includeQuery,
      summary: 'Get a customer',
      response: PartyDocumentSchema,
    },
    async (c) => respondWithOne(c, storage, 'party', await find(c.var.caller.accountId, c.req.param('id'))),
  ),
]

const partyWrites = (storage: Deps['storage'], find: Find) => {
  /** As the real service answers. */
  const refuseDuplicate = async (accountId: string, name: string, except?: string) => {
    if (await storage.parties.byName(accountId, name, except))
      throw invalidField(
        '/data/attributes/company_name',
        `'${name}' already exists in the account`,
        'duplicate',
      )
  }
  return [
    route(
      {
        method: 'post',
        path: '/parties',
        query: includeQuery,
        summary: 'Create a customer',
        body: PartyCreateSchema,
        response: PartyDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const name = data.attributes.company_name
        await refuseDuplicate(accountId, name)
        const party = await storage.transaction(async (stores) => {
          const row = await stores.parties.create(accountId, name)
          await stores.audit.record(auditActor(c), {
            accountId,
            action: 'party.created',
            target: { type: 'party', id: row.id, label: name },
            after: { company_name: name },
          })
          return row
        })
        return respondWithOne(c, storage, 'party', party, { status: 201 })
      },
    ),
    route(
      {
        method: 'patch',
        path: '/parties/:id',
        query: includeQuery,
        summary: 'Rename a customer (shipments keep their customer and show the new name)',
        body: PartyPatchSchema,
        response: PartyDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const party = await find(accountId, c.req.param('id'))
        await refuseDuplicate(accountId, data.attributes.company_name, party.id)
        const updated = await storage.transaction(async (stores) => {
          const row = await stores.parties.update(accountId, party.id, data.attributes.company_name)
          await stores.shipments.renameCustomer(accountId, party.id, data.attributes.company_name)
          if (party.company_name !== data.attributes.company_name)
            await stores.audit.record(auditActor(c), {
              accountId,
              action: 'party.updated',
              target: { type: 'party', id: party.id, label: data.attributes.company_name },
              before: { company_name: party.company_name },
              after: { company_name: data.attributes.company_name },
            })
          return row
        })
        return respondWithOne(c, storage, 'party', updated)
      },
    ),
  ]
}

export const partyRoutes = ({ storage }: Deps) => {
  const find = partyFinder(storage)
  return routes(...partyReads(storage, find), ...partyWrites(storage, find))
}
