import { Hono } from 'hono'
import { PartyCreateSchema } from '../../contract/parties'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respondWithOne, respondWithPage } from '../resources/respond-with'

export const partyRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      return respondWithPage(
        c,
        storage,
        'party',
        await storage.parties.list(c.var.caller.accountId, page),
        page,
      )
    })
    .get('/:id', async (c) => {
      const [party] = await storage.parties.byIds(c.var.caller.accountId, [
        requireUuid(c.req.param('id'), 'party'),
      ])
      if (!party) throw notFound('party', c.req.param('id'))
      return respondWithOne(c, storage, 'party', party)
    })
    .post('/', async (c) => {
      const { data } = await readBody(c, PartyCreateSchema)
      const party = await storage.parties.create(c.var.caller.accountId, data.attributes.company_name)
      return respondWithOne(c, storage, 'party', party, { status: 201 })
    })
