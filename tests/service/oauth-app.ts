import {
  discoverOAuthServerInfo,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js'
import type { Service } from './harness'

export const REDIRECT = 'http://127.0.0.1:8976/callback'

/** A browser's cookie-carrying request at the gateway, redirects left unfollowed. */
export const inBrowser = (cookie: string, url: string | URL, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { cookie, ...(init.headers as Record<string, string>) },
  })

/** The consent page's one-time nonce. */
export const nonceIn = (html: string) => /name="nonce" value="([^"]+)"/.exec(html)?.[1]

/** The person's answer on the consent page, sent as the page's form sends it. */
export const answerConsent = (service: Service, cookie: string, nonce: string, decision: 'allow' | 'deny') =>
  inBrowser(cookie, `${service.baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { Origin: service.baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nonce, decision }),
  })

/**
 * An assistant as the MCP SDK's OAuth helpers drive it: discovery from the /mcp resource, registration,
 * PKCE, the code exchange and refresh. The person's part (consent) is done in their browser session.
 */
export async function assistantApp(service: Service, clientName = 'Test assistant', redirect = REDIRECT) {
  const info = await discoverOAuthServerInfo(`${service.baseUrl}/mcp`)
  const metadata = info.authorizationServerMetadata!
  const server = info.authorizationServerUrl
  const resource = new URL(info.resourceMetadata!.resource)
  const client = await registerClient(server, {
    metadata,
    clientMetadata: {
      client_name: clientName,
      redirect_uris: [redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  })
  const start = (scope = 'quayside:read', state = 'state-1') =>
    startAuthorization(server, {
      metadata,
      clientInformation: client,
      redirectUrl: redirect,
      scope,
      state,
      resource,
    })
  return {
    info,
    metadata,
    client,
    start,
    /** Consent allowed by the signed-in browser: the code the app's redirect received. */
    async code(cookie: string, scope?: string) {
      const { authorizationUrl, codeVerifier } = await start(scope)
      const page = await inBrowser(cookie, authorizationUrl)
      const html = await page.text()
      if (page.status !== 200) throw new Error(`No consent page: ${page.status} ${html}`)
      const answered = await answerConsent(service, cookie, nonceIn(html)!, 'allow')
      const location = new URL(answered.headers.get('location') ?? '')
      return { code: location.searchParams.get('code')!, codeVerifier, location, html }
    },
    exchange: (code: string, codeVerifier: string) =>
      exchangeAuthorization(server, {
        metadata,
        clientInformation: client,
        authorizationCode: code,
        codeVerifier,
        redirectUri: redirect,
        resource,
      }),
    refresh: (refreshToken: string) =>
      refreshAuthorization(server, { metadata, clientInformation: client, refreshToken, resource }),
    /** The token endpoint's answer as sent, for refusals (the SDK's error parsing cannot read them here). */
    async tokenCall(fields: Record<string, string>) {
      const answer = await fetch(metadata.token_endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: client.client_id, ...fields }),
      })
      return { status: answer.status, body: await answer.json() }
    },
    reexchange(code: string, codeVerifier: string) {
      return this.tokenCall({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirect,
        resource: resource.href,
      })
    },
    rerefresh(refreshToken: string) {
      return this.tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken })
    },
    async tokens(cookie: string, scope?: string) {
      const { code, codeVerifier } = await this.code(cookie, scope)
      return this.exchange(code, codeVerifier)
    },
  }
}
