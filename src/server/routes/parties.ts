import { PartyCreateSchema, PartyDocumentSchema, PartyListDocumentSchema } from '../../contract/parties'
import type { Deps } from '../app'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { respondWithOne, respondWithPage } from '../resources/respond-with'

export const partyRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/parties',
        summary: 'List customers',
        query: { ...pageQuery(), ...includeQuery },
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
      async (c) => {
        const [party] = await storage.parties.byIds(c.var.caller.accountId, [
          requireUuid(c.req.param('id'), 'party'),
        ])
        if (!party) throw notFound('party', c.req.param('id'))
        return respondWithOne(c, storage, 'party', party)
      },
    ),
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
        const party = await storage.parties.create(c.var.caller.accountId, data.attributes.company_name)
        return respondWithOne(c, storage, 'party', party, { status: 201 })
      },
    ),
  )
