import type { Context } from 'hono'
import type { GatewayEnv } from './client-facts'
import type { PeopleGateway } from './people-gateway'
import type { PeopleStore } from './people-store'
import type { SessionStore } from './sessions'

/** What the authorization endpoint and its consent form need. */
export type AuthorizeKit = {
  sessions: SessionStore
  people: PeopleGateway
  store: PeopleStore
  publicUrl?: string
  now: () => Date
}

/** A server-rendered page under its own strict policy (the gateway's header middleware keeps it). */
export const htmlAnswer = (
  c: Context<GatewayEnv>,
  page: { html: string; policy: string },
  status: 200 | 400 | 403 = 200,
) => {
  c.set('pagePolicy', page.policy)
  return c.html(page.html, status, { 'Cache-Control': 'no-store' })
}
