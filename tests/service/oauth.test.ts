import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, type Service, startService } from './harness'
import { callTool, httpClient } from './mcp-client'
import { answerConsent, assistantApp, inBrowser, nonceIn, REDIRECT } from './oauth-app'
import { addPerson, browser, somePartyId } from './person-browser'

const SHIPMENTS = '/v2/shipments?page[size]=100'
const HOUR = 60 * 60 * 1000

describe.each(DATABASE_KINDS)('OAuth 2.1 for the assistant (%s)', (kind) => {
  let service: Service
  const ids = { owner: '', operator: '', viewer: '', customer: '', removed: '', demoted: '' }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 4, gateway: true, storedSessions: true })
    ids.operator = await addPerson(service, 'operator', 'olu-oauth@example.com')
    ids.viewer = await addPerson(service, 'viewer', 'vic-oauth@example.com')
    ids.customer = await addPerson(service, 'customer', 'cy-oauth@example.com', await somePartyId(service))
    ids.removed = await addPerson(service, 'operator', 'rem-oauth@example.com')
    ids.owner = await addPerson(service, 'owner', 'own-oauth@example.com')
    ids.demoted = await addPerson(service, 'operator', 'dem-oauth@example.com')
  })
  afterAll(() => service?.stop())

  const cookieOf = async (who: keyof typeof ids, access?: 'read-write' | 'read-only') => {
    const person = browser(service)
    await person.signInAs(ids[who], access)
    return person.cookie
  }
  const bearer = (token: string, path: string, method = 'GET', body?: unknown) =>
    service.call(method, path, {
      key: null,
      headers: { Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    })
  const trackingRequest = {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'OAUTHTEST1', scac: 'MAEU' },
    },
  }

  it('is discovered from /mcp, registers, is allowed in the browser, and reads /v2 as the person', async () => {
    const app = await assistantApp(service)
    expect(app.info.resourceMetadata).toMatchObject({
      resource: `${service.baseUrl}/mcp`,
      authorization_servers: [service.baseUrl],
      scopes_supported: ['quayside:read', 'quayside:write'],
    })
    expect(app.metadata).toMatchObject({
      issuer: service.baseUrl,
      authorization_endpoint: `${service.baseUrl}/oauth/authorize`,
      token_endpoint: `${service.baseUrl}/oauth/token`,
      registration_endpoint: `${service.baseUrl}/oauth/register`,
      revocation_endpoint: `${service.baseUrl}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    })
    const cookie = await cookieOf('operator')
    const { code, codeVerifier, location, html } = await app.code(cookie)
    expect(html).toContain('Test assistant')
    expect(html).toContain('olu-oauth@example.com')
    expect(html).toContain('127.0.0.1:8976')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('state')).toBe('state-1')
    expect(location.searchParams.get('iss')).toBe(service.baseUrl)
    const tokens = await app.exchange(code, codeVerifier)
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'quayside:read' })
    const read = await bearer(tokens.access_token, SHIPMENTS)
    expect(read.status).toBe(200)
    expect(read.body).toEqual((await service.get(SHIPMENTS)).body)
    expect((await bearer(tokens.access_token, '/v2/tracking_requests', 'POST', trackingRequest)).status).toBe(
      403,
    )
    const theirs = (await service.get('/v2/shipments?page[size]=1', OTHER_KEY)).body.data[0].id
    expect((await bearer(tokens.access_token, `/v2/shipments/${theirs}`)).status).toBe(404)
  })

  it("an assistant signs in to /mcp with a person's token, and a 401 there says where to get one", async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('customer'))
    const client = await httpClient(service.baseUrl, tokens.access_token)
    const board = await callTool(client, 'get_board')
    expect(board.isError).toBe(false)
    await client.close()
    const none = await fetch(`${service.baseUrl}/mcp`, { method: 'POST' })
    expect(none.status).toBe(401)
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(none)
    expect(resourceMetadataUrl?.href).toBe(`${service.baseUrl}/.well-known/oauth-protected-resource`)
    expect((await (await fetch(resourceMetadataUrl!)).json()).resource).toBe(`${service.baseUrl}/mcp`)
    const wrong = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: { Authorization: 'Bearer qso_not-a-token' },
    })
    expect(extractWWWAuthenticateParams(wrong).error).toBe('invalid_token')
  })

  it("grants writing as the person's role, and only reading to a viewer who asks to write", async () => {
    const app = await assistantApp(service)
    const writer = await app.tokens(await cookieOf('operator'), 'quayside:write')
    expect(writer.scope).toBe('quayside:write')
    const made = await bearer(writer.access_token, '/v2/tracking_requests', 'POST', trackingRequest)
    expect(made.status).toBe(201)
    const { html } = await app.code(await cookieOf('viewer'), 'quayside:write')
    expect(html).toContain('you may only grant reading')
    const viewer = await app.tokens(await cookieOf('viewer'), 'quayside:write')
    expect(viewer.scope).toBe('quayside:read')
    expect((await bearer(viewer.access_token, '/v2/tracking_requests', 'POST', trackingRequest)).status).toBe(
      403,
    )
  })

  it("acts as the person's role and never above it: reading is a viewer's, even an owner's", async () => {
    const app = await assistantApp(service)
    const ownerRead = await app.tokens(await cookieOf('owner'))
    const ownerWrite = await app.tokens(await cookieOf('owner'), 'quayside:write')
    const operatorWrite = await app.tokens(await cookieOf('operator'), 'quayside:write')
    expect((await bearer(ownerRead.access_token, '/v2/webhooks')).status).toBe(403)
    expect((await bearer(ownerWrite.access_token, '/v2/webhooks')).status).toBe(200)
    const refused = await bearer(operatorWrite.access_token, '/v2/webhooks')
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].code).toBe('role_forbidden')
  })

  it('follows a demotion at once: a write token of an operator made a viewer only reads', async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('demoted'), 'quayside:write')
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(200)
    const demoted = await service.call('PATCH', `/v2/users/${ids.demoted}`, {
      body: JSON.stringify({ data: { type: 'user', attributes: { role: 'viewer' } } }),
    })
    expect(demoted.status).toBe(200)
    const write = await bearer(tokens.access_token, '/v2/tracking_requests', 'POST', trackingRequest)
    expect(write.status).toBe(403)
    expect(write.body.errors[0].code).toBe('role_forbidden')
  })

  it("gives the demo's read-only visitor reading only", async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('operator', 'read-only'), 'quayside:write')
    expect(tokens.scope).toBe('quayside:read')
  })

  it("shows a customer's token only the customer's party", async () => {
    const app = await assistantApp(service)
    const cookie = await cookieOf('customer')
    const tokens = await app.tokens(cookie)
    const own = await inBrowser(cookie, `${service.baseUrl}${SHIPMENTS}`, {
      headers: { Accept: 'application/vnd.api+json' },
    })
    const seen = await bearer(tokens.access_token, SHIPMENTS)
    expect(seen.status).toBe(200)
    expect(seen.body).toEqual(await own.json())
    expect(seen.body.data.length).toBeLessThan((await service.get(SHIPMENTS)).body.data.length)
  })

  it('refuses a wrong PKCE verifier', async () => {
    const app = await assistantApp(service)
    const { code } = await app.code(await cookieOf('operator'))
    const refused = await app.reexchange(code, 'x'.repeat(43))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/code_verifier/),
    })
  })

  it('refuses a code used twice and revokes the tokens issued from it', async () => {
    const app = await assistantApp(service)
    const { code, codeVerifier } = await app.code(await cookieOf('operator'))
    const first = await app.exchange(code, codeVerifier)
    const again = await app.reexchange(code, codeVerifier)
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already used/),
    })
    expect((await bearer(first.access_token, SHIPMENTS)).status).toBe(401)
    expect((await app.rerefresh(first.refresh_token!)).body.error).toBe('invalid_grant')
  })

  it('rotates refresh tokens, and revokes the grant when a rotated one comes back', async () => {
    const app = await assistantApp(service)
    const first = await app.tokens(await cookieOf('operator'))
    const second = await app.refresh(first.refresh_token!)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.access_token).not.toBe(first.access_token)
    expect((await bearer(second.access_token, SHIPMENTS)).status).toBe(200)
    // the service keeps a person's caller for up to 5 s
    service.advance(6_000)
    expect((await bearer(first.access_token, SHIPMENTS)).status).toBe(401)
    const replayed = await app.rerefresh(first.refresh_token!)
    expect(replayed.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already used/),
    })
    service.advance(6_000)
    expect((await bearer(second.access_token, SHIPMENTS)).status).toBe(401)
    expect((await app.rerefresh(second.refresh_token!)).body.error_description).toMatch(/revoked/)
  })

  it('lets an access token lapse after an hour, and a refresh renews it', async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('operator'))
    service.advance(HOUR + 1_000)
    const lapsed = await bearer(tokens.access_token, SHIPMENTS)
    expect(lapsed.status).toBe(401)
    const renewed = await app.refresh(tokens.refresh_token!)
    expect((await bearer(renewed.access_token, SHIPMENTS)).status).toBe(200)
  })

  it("lists as an authorised app in the person's keys; revoked there, it stops at once", async () => {
    const app = await assistantApp(service, 'Desk assistant')
    const cookie = await cookieOf('operator')
    const tokens = await app.tokens(cookie)
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(200)
    const listed = await inBrowser(cookie, `${service.baseUrl}/v2/api_keys`, {
      headers: { Accept: 'application/vnd.api+json' },
    })
    const keys = (await listed.json()).data as { id: string; attributes: Record<string, unknown> }[]
    const key = keys.find((k) => k.attributes.name === 'Authorised app: Desk assistant')!
    expect(key.attributes).toMatchObject({ kind: 'oauth', role: 'viewer', user_id: ids.operator })
    const revoked = await inBrowser(cookie, `${service.baseUrl}/v2/api_keys/${key.id}/revoke`, {
      method: 'POST',
      headers: { Origin: service.baseUrl, 'Content-Type': 'application/vnd.api+json' },
    })
    expect(revoked.status).toBe(200)
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(401)
    expect((await app.rerefresh(tokens.refresh_token!)).body.error_description).toMatch(/revoked/)
  })

  it('stops at once when the person is removed', async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('removed'))
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(200)
    expect((await service.call('DELETE', `/v2/users/${ids.removed}`)).status).toBe(204)
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(401)
    expect((await app.rerefresh(tokens.refresh_token!)).body.error).toBe('invalid_grant')
  })

  it('revokes through the revocation endpoint (RFC 7009), by either token', async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('operator'))
    const answer = await form('/oauth/revoke', {
      token: tokens.refresh_token!,
      client_id: app.client.client_id,
    })
    expect(answer.status).toBe(200)
    expect((await bearer(tokens.access_token, SHIPMENTS)).status).toBe(401)
    const unknown = await form('/oauth/revoke', { token: 'qso_nothing', client_id: app.client.client_id })
    expect(unknown.status).toBe(200)
  })

  it('never redirects to a redirect URI the client did not register', async () => {
    const app = await assistantApp(service)
    const { authorizationUrl } = await app.start()
    authorizationUrl.searchParams.set('redirect_uri', 'https://attacker.example/callback')
    const answer = await inBrowser(await cookieOf('operator'), authorizationUrl)
    expect(answer.status).toBe(400)
    expect(answer.headers.get('location')).toBeNull()
    expect(await answer.text()).toContain('not one the app registered')
  })

  it('sends the app its errors (with state) once the redirect is known: no PKCE, another resource', async () => {
    const app = await assistantApp(service)
    const cookie = await cookieOf('operator')
    const noPkce = (await app.start()).authorizationUrl
    noPkce.searchParams.delete('code_challenge')
    const refused = new URL((await inBrowser(cookie, noPkce)).headers.get('location')!)
    expect(refused.searchParams.get('error')).toBe('invalid_request')
    expect(refused.searchParams.get('state')).toBe('state-1')
    const plain = (await app.start()).authorizationUrl
    plain.searchParams.set('code_challenge_method', 'plain')
    expect(new URL((await inBrowser(cookie, plain)).headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    )
    const elsewhere = (await app.start()).authorizationUrl
    elsewhere.searchParams.set('resource', 'https://other.example/mcp')
    expect(
      new URL((await inBrowser(cookie, elsewhere)).headers.get('location')!).searchParams.get('error'),
    ).toBe('invalid_target')
  })

  it('refuses javascript:, data:, fragments and plain http off loopback at registration', async () => {
    for (const uri of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://app.example/cb#frag',
      'http://app.example/callback',
    ]) {
      const answer = await fetch(`${service.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_name: 'Bad', redirect_uris: [uri] }),
      })
      expect(answer.status, uri).toBe(400)
      expect((await answer.json()).error, uri).toBe('invalid_redirect_uri')
    }
  })

  it('escapes a hostile client name on the consent page, under a strict policy', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    const app = await assistantApp(service, hostile)
    const { authorizationUrl } = await app.start()
    const page = await inBrowser(await cookieOf('operator'), authorizationUrl)
    const html = await page.text()
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    const policy = page.headers.get('content-security-policy')!
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("form-action 'self' http://127.0.0.1:8976")
    expect(policy).not.toContain('unsafe-inline')
  })

  it("refuses a consent answer from another site, or without this session's nonce", async () => {
    const app = await assistantApp(service)
    const cookie = await cookieOf('operator')
    const { authorizationUrl } = await app.start()
    const nonce = nonceIn(await (await inBrowser(cookie, authorizationUrl)).text())!
    const crossSite = await inBrowser(cookie, `${service.baseUrl}/oauth/authorize`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ nonce, decision: 'allow' }),
    })
    expect(crossSite.status).toBe(403)
    expect(crossSite.headers.get('location')).toBeNull()
    const otherSession = await answerConsent(service, await cookieOf('operator'), nonce, 'allow')
    expect(otherSession.status).toBe(403)
    const noNonce = await answerConsent(service, cookie, 'made-up', 'allow')
    expect(noNonce.status).toBe(403)
    const allowed = await answerConsent(service, cookie, nonce, 'allow')
    expect(new URL(allowed.headers.get('location')!).searchParams.get('code')).toBeTruthy()
    const twice = await answerConsent(service, cookie, nonce, 'allow')
    expect(twice.status).toBe(403)
  })

  it('answers access_denied when the person denies, and sends a signed-out one to sign in', async () => {
    const app = await assistantApp(service)
    const cookie = await cookieOf('operator')
    const { authorizationUrl } = await app.start()
    const signedOut = await inBrowser('', authorizationUrl)
    expect(signedOut.status).toBe(302)
    const signIn = new URL(signedOut.headers.get('location')!, service.baseUrl)
    expect(signIn.pathname).toBe('/sign-in')
    expect(signIn.searchParams.get('next')).toBe(authorizationUrl.pathname + authorizationUrl.search)
    const nonce = nonceIn(await (await inBrowser(cookie, authorizationUrl)).text())!
    const denied = new URL((await answerConsent(service, cookie, nonce, 'deny')).headers.get('location')!)
    expect(denied.searchParams.get('error')).toBe('access_denied')
    expect(denied.searchParams.get('state')).toBe('state-1')
    expect(denied.searchParams.get('code')).toBeNull()
  })

  it('answers token errors as RFC 6749 JSON', async () => {
    const answer = await form('/oauth/token', { grant_type: 'password', client_id: 'x' })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'unsupported_grant_type' })
    const json = await fetch(`${service.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(await json.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('records authorisations and revocations in the audit trail', async () => {
    const app = await assistantApp(service, 'Audited assistant')
    const tokens = await app.tokens(await cookieOf('operator'))
    await form('/oauth/revoke', { token: tokens.access_token, client_id: app.client.client_id })
    const { rows } = await service.storage.db.execute<{ action: string; actor_kind: string }>(
      sql`select action, actor_kind from audit_events
          where target_label in ('Audited assistant', 'Authorised app: Audited assistant') order by id`,
    )
    expect(rows.map((row) => [row.action, row.actor_kind])).toEqual([
      ['oauth_app.authorized', 'user'],
      ['api_key.revoked', 'key'],
    ])
  })

  it('keeps tokens only as hashes', async () => {
    const app = await assistantApp(service)
    const tokens = await app.tokens(await cookieOf('operator'))
    const { rows } = await service.storage.db.execute<{ found: number }>(
      sql`select count(*)::int as found from api_keys, oauth_refresh_tokens
          where api_keys.key_hash = ${tokens.access_token} or oauth_refresh_tokens.token_hash = ${tokens.refresh_token!}`,
    )
    expect(rows[0].found).toBe(0)
  })
})
