import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { badParameter, notFound } from '../http/problem'
import { respond } from '../http/respond'

/** The caller's own account (a Quayside extension): its name, the key's scope and its inbound address. */
export const accountRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const { accountId, scope } = c.var.caller
    if (c.req.query('include')) throw badParameter('include', 'The account has no relationships to include')
    const [[account], inbound] = await Promise.all([
      storage.parties.accountsByIds(accountId, [accountId]),
      storage.documents.inboundAddress(accountId),
    ])
    if (!account) throw notFound('account', accountId)
    return respond(c, {
      data: {
        id: account.id,
        type: 'account',
        attributes: { company_name: account.company_name, key_scope: scope, inbound_email_address: inbound },
      },
      links: { self: '/v2/account' },
    })
  })
