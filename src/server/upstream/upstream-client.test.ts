import { describe, expect, it } from 'vitest'
import { tokenBucket } from './token-bucket'
import { UpstreamError, upstreamClient } from './upstream-client'

function clientAnswering(answers: (() => Response)[]) {
  let now = Date.parse('2026-01-01T00:00:00Z')
  const slept: number[] = []
  const sent: string[] = []
  const contacts: string[] = []
  const sleep = async (ms: number) => {
    slept.push(ms)
    now += ms
  }
  const client = upstreamClient({
    baseUrl: 'https://upstream.example/v2',
    apiKey: 'k',
    fetch: (async (url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}`)
      const next = answers.shift()
      if (!next) throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })
      return next()
    }) as typeof fetch,
    bucket: tokenBucket({ perMinute: 6000, now: () => now, sleep }),
    now: () => new Date(now),
    sleep,
    onContact: (status) => contacts.push(status),
  })
  return { client, slept, sent, contacts }
}

const json =
  (status: number, body: unknown = { data: [] }, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/vnd.api+json', ...headers },
    })

describe('the upstream client', () => {
  it('waits as long as a 429 says before reading again', async () => {
    const { client, slept, contacts } = clientAnswering([json(429, {}, { 'Retry-After': '7' }), json(200)])
    const answer = await client.get('/shipments', { 'page[number]': 1 })
    expect(answer.status).toBe(200)
    expect(slept).toContain(7000)
    expect(contacts).toEqual(['rate_limited', 'ok'])
  })

  it('backs off on 5xx answers and silences, doubling, then gives up saying why', async () => {
    const { client, slept } = clientAnswering([json(503), json(502)])
    const failure = await client.get('/shipments').catch((error) => error)
    expect(failure).toBeInstanceOf(UpstreamError)
    expect(failure.kind).toBe('unreachable')
    expect(failure.message).toMatch(/could not be reached: connect ECONNREFUSED/)
    expect(slept.filter((ms) => ms >= 1000)).toEqual([1000, 2000, 4000, 8000])
  })

  it('sends a write once, even when the upstream fails it', async () => {
    const { client, sent } = clientAnswering([json(503), json(201)])
    await expect(client.send('POST', '/tracking_requests', {})).rejects.toMatchObject({
      kind: 'unreachable',
      status: 503,
    })
    expect(sent).toEqual(['POST https://upstream.example/v2/tracking_requests'])
  })

  it('keeps a refusal with the upstream body, and a refused key as unauthorised', async () => {
    const errors = [{ status: '422', title: 'Unprocessable Entity', detail: 'Bad number' }]
    const { client, contacts } = clientAnswering([json(422, { errors }), json(401)])
    await expect(client.send('POST', '/tracking_requests', {})).rejects.toMatchObject({
      kind: 'refused',
      body: { errors },
    })
    await expect(client.get('/shipments')).rejects.toMatchObject({ kind: 'unauthorised' })
    expect(contacts).toEqual(['ok', 'unauthorised'])
  })
})
