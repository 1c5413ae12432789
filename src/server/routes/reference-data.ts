import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { parseInclude } from '../http/include-paths'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { renderDocument } from '../http/render'
import { respond } from '../http/respond'
import { RESOURCES } from '../resources/registry'
import { respondWithOne } from '../resources/respond-with'

export const shippingLineRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const lines = await storage.reference.shippingLines()
      const document = await renderDocument(RESOURCES, 'shipping_line', lines, parseInclude(undefined), {
        storage,
        accountId: c.var.caller.accountId,
      })
      return respond(c, {
        ...document,
        links: { self: '/v2/shipping_lines' },
        meta: { size: lines.length, total: lines.length },
      })
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const line = /^[A-Za-z]{2,4}$/.test(id)
        ? await storage.reference.shippingLineByScac(id)
        : (await storage.reference.shippingLinesByIds([requireUuid(id, 'shipping line')]))[0]
      if (!line) throw notFound('shipping line', id)
      return respondWithOne(c, storage, 'shipping_line', line)
    })

export const portRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const port = await storage.reference.portByIdOrCode(c.req.param('id'))
    if (!port) throw notFound('port', c.req.param('id'))
    return respondWithOne(c, storage, 'port', port)
  })

export const terminalRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const [terminal] = await storage.reference.terminalsByIds([requireUuid(c.req.param('id'), 'terminal')])
    if (!terminal) throw notFound('terminal', c.req.param('id'))
    return respondWithOne(c, storage, 'terminal', terminal)
  })

export const vesselRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const id = c.req.param('id')
    if (!/^\d{7}$/.test(id)) requireUuid(id, 'vessel')
    const vessel = await storage.reference.vesselByIdOrImo(id)
    if (!vessel) throw notFound('vessel', id)
    return respondWithOne(c, storage, 'vessel', vessel)
  })
