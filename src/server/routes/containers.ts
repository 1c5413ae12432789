import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { parseInclude } from '../http/include-paths'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { renderDocument } from '../http/render'
import { respond } from '../http/respond'
import { RESOURCES } from '../resources/registry'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { readBoardQuery } from './container-board-query'

export const containerRoutes = ({ storage }: Deps) => {
  const find = async (accountId: string, id: string) => {
    const container = await storage.containers.get(accountId, requireUuid(id, 'container'))
    if (!container) throw notFound('container', id)
    return container
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = (name: string) => c.req.query(name)
      const page = readPage(query)
      const { board, withCounts } = readBoardQuery(query)
      const accountId = c.var.caller.accountId
      // the tab's own count is the list's total, so it is counted once
      const tabCounts = withCounts ? await storage.board.tabCounts(accountId, board) : undefined
      const result = await storage.board.list(accountId, board, page, board.tab && tabCounts?.[board.tab])
      return respondWithPage(c, storage, 'container', result, page, {
        meta: tabCounts ? { tab_counts: tabCounts } : undefined,
      })
    })
    .get('/:id', async (c) => {
      const container = await find(c.var.caller.accountId, c.req.param('id'))
      return respondWithOne(c, storage, 'container', container)
    })
    .get('/:id/transport_events', async (c) => {
      const container = await find(c.var.caller.accountId, c.req.param('id'))
      const events = await storage.events.transportByContainerIds(c.var.caller.accountId, [container.id])
      const document = await renderDocument(
        RESOURCES,
        'transport_event',
        events,
        parseInclude(c.req.query('include')),
        {
          storage,
          accountId: c.var.caller.accountId,
        },
      )
      const self = `/v2/containers/${container.id}/transport_events`
      return respond(c, { ...document, links: { self, current: `${self}?page[number]=1` } })
    })
    .get('/:id/raw_events', async (c) => {
      const container = await find(c.var.caller.accountId, c.req.param('id'))
      const events = await storage.events.rawByContainerIds(c.var.caller.accountId, [container.id])
      const document = await renderDocument(
        RESOURCES,
        'raw_event',
        events,
        parseInclude(c.req.query('include'), ['vessel']),
        {
          storage,
          accountId: c.var.caller.accountId,
        },
      )
      return respond(c, { ...document, links: { self: `/v2/containers/${container.id}/raw_events` } })
    })
}
