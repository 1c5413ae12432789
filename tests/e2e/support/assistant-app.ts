import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext } from '@playwright/test'

/** An assistant's loopback redirect (RFC 8252 7.3): it shows the person that the app got its code. */
export async function loopbackApp() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>Assistant</title><h1>The app received its answer</h1>')
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`
  return { redirectUri, close: () => new Promise<void>((done) => server.close(() => done())) }
}

/** Registers a public client, as an assistant does on first use (RFC 7591). */
export async function registerApp(request: APIRequestContext, name: string, redirectUri: string) {
  const answer = await request.post('/oauth/register', {
    data: { client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' },
  })
  if (answer.status() !== 201)
    throw new Error(`Could not register: ${answer.status()} ${await answer.text()}`)
  return (await answer.json()).client_id as string
}

/** The authorize URL with a fresh PKCE pair, as an assistant opens it in the person's browser. */
export function authorizeUrl(baseURL: string, clientId: string, redirectUri: string, scope: string) {
  const verifier = randomBytes(32).toString('base64url')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'journey-state',
    scope,
    resource: `${baseURL}/mcp`,
  })
  return { url: `/oauth/authorize?${query}`, verifier }
}

export async function exchangeCode(
  request: APIRequestContext,
  clientId: string,
  code: string,
  verifier: string,
  redirectUri: string,
) {
  const answer = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  })
  if (answer.status() !== 200) throw new Error(`No tokens: ${answer.status()} ${await answer.text()}`)
  return (await answer.json()) as { access_token: string; refresh_token: string; scope: string }
}
