import { Hono } from 'hono'
import { MCP_PATH, PROTECTED_RESOURCE_PATH } from '../http/oauth-challenge'
import type { GatewayEnv } from './client-facts'
import { OAUTH_SCOPES, ownOrigin } from './oauth-resource'

/** RFC 9728: the assistant's interface, and who issues its tokens (this server). */
const protectedResource = (origin: string) => ({
  resource: `${origin}${MCP_PATH}`,
  authorization_servers: [origin],
  scopes_supported: [...OAUTH_SCOPES],
  bearer_methods_supported: ['header'],
  resource_name: 'Quayside',
})

/** RFC 8414: public clients with PKCE S256 only, as OAuth 2.1 and the MCP authorization spec ask. */
const authorizationServer = (origin: string) => ({
  issuer: origin,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  registration_endpoint: `${origin}/oauth/register`,
  revocation_endpoint: `${origin}/oauth/revoke`,
  scopes_supported: [...OAUTH_SCOPES],
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_methods_supported: ['none'],
  revocation_endpoint_auth_methods_supported: ['none'],
  code_challenge_methods_supported: ['S256'],
  authorization_response_iss_parameter_supported: true,
})

export const oauthMetadataRoutes = (publicUrl: string | undefined) =>
  new Hono<GatewayEnv>()
    .get(PROTECTED_RESOURCE_PATH, (c) => c.json(protectedResource(ownOrigin(c, publicUrl))))
    .get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, (c) => c.json(protectedResource(ownOrigin(c, publicUrl))))
    .get('/.well-known/oauth-authorization-server', (c) =>
      c.json(authorizationServer(ownOrigin(c, publicUrl))),
    )
