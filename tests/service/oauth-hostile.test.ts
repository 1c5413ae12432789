import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'
import { bodyCases } from './hostile-corpus'
import { type Answer, rawRequest } from './hostile-raw'
import { assistantApp } from './oauth-app'
import { addPerson, browser } from './person-browser'

const FORM = 'application/x-www-form-urlencoded'
const HOSTILE_VALUES = [
  '%00',
  'a%00b',
  '%FF%FE',
  '%ZZ',
  'x'.repeat(15_000),
  '%E2%80%AE',
  '%0d%0aSet-Cookie:%20a=b',
  "'%20OR%201=1--",
  '..%2F..%2Fetc',
  'javascript:alert(1)',
]
const FORM_NAMES = [
  'grant_type',
  'code',
  'code_verifier',
  'redirect_uri',
  'client_id',
  'refresh_token',
  'resource',
  'scope',
  'token',
  'nonce',
  'decision',
]

/** An answer to a hostile OAuth request: never a 5xx, never silence; an OAuth error, an envelope or a page. */
function fault(label: string, answer: Answer) {
  if (answer.status >= 500 || answer.status === 0)
    return `${label}: ${answer.status} ${answer.body.slice(0, 200)}`
  if (answer.status < 400 || answer.status === 413) return undefined
  const type = answer.headers['content-type'] ?? ''
  if (/text\/html/.test(type)) return undefined
  try {
    const body = JSON.parse(answer.body)
    if (typeof body.error === 'string' || Array.isArray(body.errors)) return undefined
  } catch {}
  return `${label}: ${answer.status} ${type} ${answer.body.slice(0, 120)}`
}

describe.each(DATABASE_KINDS)('hostile input on the OAuth endpoints, on %s', (kind) => {
  let service: Service
  let port = 0
  let cookie = ''
  let clientId = ''
  let base = ''
  const faults: string[] = []
  const send = async (
    label: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string | Buffer,
  ) => {
    const answer = await rawRequest(port, { method, path, headers, body })
    const problem = fault(label, answer)
    if (problem) faults.push(problem)
    return answer
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 2, gateway: true, storedSessions: true })
    port = Number(new URL(service.baseUrl).port)
    const person = browser(service)
    await person.signInAs(await addPerson(service, 'operator', 'hostile-oauth@example.com'))
    cookie = person.cookie
    const app = await assistantApp(service)
    clientId = app.client.client_id
    base = (await app.start()).authorizationUrl.search
  }, 120_000)
  afterAll(() => service?.stop())

  it('answers every hostile body on register, token, revoke and the consent form without a 5xx', async () => {
    for (const path of ['/oauth/register', '/oauth/token', '/oauth/revoke', '/oauth/authorize'])
      for (const { label, body, contentType } of bodyCases())
        await send(
          `${path} ${label}`,
          'POST',
          path,
          { 'content-type': contentType ?? 'application/json', cookie, origin: service.baseUrl },
          body,
        )
    expect(faults).toEqual([])
  })

  it('answers hostile form fields and duplicated ones without a 5xx', async () => {
    for (const path of ['/oauth/token', '/oauth/revoke', '/oauth/authorize'])
      for (const name of FORM_NAMES)
        for (const value of HOSTILE_VALUES) {
          const fields = `grant_type=refresh_token&client_id=${clientId}&token=t&${name}=${value}`
          await send(
            `${path} ${name}=${value.slice(0, 20)}`,
            'POST',
            path,
            { 'content-type': FORM, cookie, origin: service.baseUrl },
            fields,
          )
          await send(
            `${path} ${name} twice`,
            'POST',
            path,
            { 'content-type': FORM },
            `${name}=a&${name}=b&client_id=${clientId}`,
          )
        }
    expect(faults).toEqual([])
  })

  it('answers hostile registrations without a 5xx', async () => {
    let registrations = 0
    service.advance(61_000)
    const leaves: unknown[] = [
      'x'.repeat(100_000),
      'a\u0000b',
      '\u0001\u001b[31m\u007f',
      '\u202egnp.exe',
      '\ud800',
      12,
      null,
      [],
      {},
    ]
    for (const leaf of leaves) {
      for (const body of [
        { client_name: leaf, redirect_uris: ['https://a.example/cb'] },
        { client_name: 'A', redirect_uris: [leaf] },
        { client_name: 'A', redirect_uris: leaf },
        { client_name: 'A', redirect_uris: [`https://a.example/${String(leaf)}`] },
        { client_name: 'A', redirect_uris: ['https://a.example/cb'], grant_types: leaf },
      ]) {
        // past the registrations one address may make in a minute
        if (++registrations % 15 === 0) service.advance(61_000)
        const answer = await send(
          `register ${JSON.stringify(body).slice(0, 60)}`,
          'POST',
          '/oauth/register',
          { 'content-type': 'application/json' },
          JSON.stringify(body),
        )
        expect(answer.status).not.toBe(429)
      }
    }
    expect(faults).toEqual([])
  })

  it('answers hostile authorize queries without a 5xx, signed in or not', async () => {
    const names = [
      'client_id',
      'redirect_uri',
      'response_type',
      'code_challenge',
      'code_challenge_method',
      'state',
      'scope',
      'resource',
    ]
    for (const name of names)
      for (const value of HOSTILE_VALUES) {
        const query = new URLSearchParams(base)
        query.delete(name)
        const path = `/oauth/authorize?${query}&${name}=${value}`
        await send(`authorize ${name}=${value.slice(0, 20)}`, 'GET', path, { cookie })
        await send(`authorize signed out ${name}=${value.slice(0, 20)}`, 'GET', path, {})
      }
    expect(faults).toEqual([])
  })
})
