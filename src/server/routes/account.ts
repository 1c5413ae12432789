import { CurrentAccountDocumentSchema, type UpstreamFreshness } from '../../contract/account'
import type { Deps } from '../deps'
import { badParameter, notFound } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import type { UpstreamConnection } from '../storage/upstream-store'

const freshnessOf = (connection: UpstreamConnection): UpstreamFreshness => ({
  status: connection.status,
  detail: connection.status_detail,
  base_url: connection.base_url,
  last_heard_at: iso(connection.last_heard_at),
  last_reconciled_at: iso(connection.last_reconciled_at),
  webhook_registered: connection.webhook_id !== null,
})

export const accountRoutes = ({ storage, config }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/account',
        summary: "The API key's own account (a Quayside extension)",
        description:
          'Its name, what the key may do, and the address its documents are emailed to, when it has one.',
        query: includeQuery,
        response: CurrentAccountDocumentSchema,
      },
      async (c, { query }) => {
        const { accountId, scope } = c.var.caller
        if (query.include) throw badParameter('include', 'The account has no relationships to include')
        const [[account], inbound, upstream] = await Promise.all([
          storage.parties.accountsByIds(accountId, [accountId]),
          storage.mail.inboundSlug(accountId),
          storage.upstream.connection(accountId),
        ])
        if (!account) throw notFound('account', accountId)
        return respond(c, {
          data: {
            id: account.id,
            type: 'account',
            attributes: {
              company_name: account.company_name,
              key_scope: scope,
              inbound_email_address: inbound ? `${inbound}@${config.inboundDomain}` : null,
            },
          },
          links: { self: '/v2/account' },
          ...(upstream ? { meta: { upstream: freshnessOf(upstream) } } : {}),
        })
      },
    ),
  )
