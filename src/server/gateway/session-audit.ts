import type { Context } from 'hono'
import type { GatewayEnv } from './client-facts'
import type { PersonFacts } from './people-gateway'

/** A sign-in or "sign out everywhere", recorded on the person, by the person, from the dashboard. */
export const sessionEvent = (
  person: PersonFacts,
  action: 'user.signed_in' | 'user.signed_out_everywhere',
  method?: 'password' | 'passkey',
) => ({
  accountId: person.accountId,
  action,
  target: { type: 'user', id: person.id, label: person.email },
  ...(method ? { after: { method } } : {}),
})

/** The person themself, from the dashboard, at the client's address. */
export const personActor = (c: Context<GatewayEnv>, person: PersonFacts) => ({
  kind: 'user' as const,
  id: person.id,
  name: person.name,
  via: 'dashboard' as const,
  address: c.var.client.address,
})
