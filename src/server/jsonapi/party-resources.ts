import { iso } from '../storage/iso-time'
import type { Account, Party, User } from '../storage/party-store'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

export const partyResource: ResourceDefinition<Party> = {
  type: 'party',
  self: (row) => `/v2/parties/${row.id}`,
  attributes: (row) => ({ company_name: row.company_name }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.parties.byIds(ctx.accountId, ids),
}

export const userResource: ResourceDefinition<User> = {
  type: 'user',
  attributes: (row) => ({
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    created_at: iso(row.created_at),
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.parties.usersByIds(ctx.accountId, ids),
}

export const accountResource: ResourceDefinition<Account> = {
  type: 'account',
  attributes: (row) => ({ company_name: row.company_name }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.parties.accountsByIds(ctx.accountId, ids),
}
