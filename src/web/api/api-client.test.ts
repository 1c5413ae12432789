import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { ShipmentListDocumentSchema } from '../../contract/shipments'
import { createApiClient, retryAfterMs } from './api-client'
import { ApiError, NetworkError, ResponseShapeError } from './api-error'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/vnd.api+json', ...headers },
  })

/** A fetch that answers from a script, recording each request. */
const scripted = (...answers: (() => Response | Promise<Response>)[]) => {
  const requests: { url: string; init?: RequestInit }[] = []
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), init })
    const answer = answers.shift()
    if (!answer) throw new Error('no more answers')
    return answer()
  }
  return { requests, fetch: fetch as typeof globalThis.fetch }
}

const waits: number[] = []
const sleep = async (ms: number) => {
  waits.push(ms)
}
const Empty = z.object({ data: z.array(z.unknown()) })

describe('the API client', () => {
  it('sends the version a change was made from as If-Match, and a 412 as an API error', async () => {
    const { requests, fetch } = scripted(() =>
      json({ errors: [{ status: '412', title: 'Precondition Failed', code: 'precondition_failed' }] }, 412),
    )
    const client = createApiClient({ fetch, sleep })
    const refused = client.patch('/custom_fields/1', { data: {} }, Empty, { ifMatch: 3 })
    await expect(refused).rejects.toMatchObject({ status: 412 })
    expect((requests[0].init?.headers ?? {}) as Record<string, string>).toMatchObject({ 'If-Match': '"3"' })
  })

  it('reads a file as bytes, and a refusal as an API error', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46])
    const { requests, fetch } = scripted(
      () => new Response(pdf, { headers: { 'content-type': 'application/pdf' } }),
      () => json({ errors: [{ status: '404', title: 'Not Found', detail: 'No such document' }] }, 404),
    )
    const client = createApiClient({ fetch, sleep })
    expect(new Uint8Array(await client.bytes('/documents/1/download'))).toEqual(pdf)
    expect((requests[0].init?.headers as Record<string, string> | undefined)?.Accept).toBe('*/*')
    await expect(client.bytes('/documents/2/download')).rejects.toMatchObject({
      status: 404,
      message: 'Not Found: No such document',
    })
  })

  it('sends the JSON:API accept header and builds include and page parameters', async () => {
    const { requests, fetch } = scripted(() => json({ data: [] }))
    await createApiClient({ fetch, sleep }).get('/shipments', Empty, {
      include: ['containers', 'pod_terminal'],
      params: { q: 'MSCU', 'page[size]': 25, empty: undefined },
    })
    expect(requests[0].url).toBe('/v2/shipments?include=containers,pod_terminal&q=MSCU&page[size]=25')
    expect((requests[0].init?.headers as Record<string, string> | undefined)?.Accept).toBe(
      'application/vnd.api+json',
    )
  })

  it('retries a 429 after the Retry-After the server asked for', async () => {
    waits.length = 0
    const { requests, fetch } = scripted(
      () => json({ errors: [{ status: '429' }] }, 429, { 'Retry-After': '2' }),
      () => json({ data: [] }),
    )
    await expect(createApiClient({ fetch, sleep }).get('/x', Empty)).resolves.toEqual({ data: [] })
    expect(requests).toHaveLength(2)
    expect(waits).toEqual([2000])
  })

  it('retries a 5xx with backoff and gives up with an ApiError after the last try', async () => {
    const { requests, fetch } = scripted(
      ...Array.from({ length: 4 }, () => () => json({ errors: [{ title: 'Oops' }] }, 503)),
    )
    const error = await createApiClient({ fetch, sleep, maxRetries: 3 })
      .get('/x', Empty)
      .catch((e) => e)
    expect(requests).toHaveLength(4)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(503)
  })

  it('never retries a write', async () => {
    const { requests, fetch } = scripted(() => json({ errors: [{ title: 'Busy' }] }, 503))
    await expect(createApiClient({ fetch, sleep }).post('/x', { a: 1 }, Empty)).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(requests).toHaveLength(1)
  })

  it('carries each error title, detail and pointer from an error document', async () => {
    const { fetch } = scripted(() =>
      json(
        {
          errors: [
            {
              status: '422',
              title: 'Unprocessable Entity',
              detail: 'is taken',
              source: { pointer: '/data/attributes/request_number' },
              code: 'duplicate',
            },
          ],
        },
        422,
      ),
    )
    const error: ApiError = await createApiClient({ fetch, sleep })
      .post('/tracking_requests', {}, Empty)
      .catch((e) => e)
    expect(error.problems[0]).toMatchObject({
      title: 'Unprocessable Entity',
      detail: 'is taken',
      code: 'duplicate',
    })
    expect(ApiError.fieldOf(error.problems[0])).toBe('request_number')
  })

  it('turns a response that fails the contract into an error naming the path and the field', async () => {
    const { fetch } = scripted(() =>
      json({ data: [{ id: '1', type: 'shipment', attributes: { pod_eta_at: 5 } }] }),
    )
    const error = await createApiClient({ fetch, sleep })
      .get('/shipments', ShipmentListDocumentSchema)
      .catch((e) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.message).toContain('GET /v2/shipments')
    expect(error.message).toContain('data[0].attributes.pod_eta_at: expected string')
  })

  it('stops retrying when the caller aborts', async () => {
    const controller = new AbortController()
    const { requests, fetch } = scripted(() => {
      controller.abort()
      return json({}, 503)
    })
    const abortingSleep = (_ms: number, signal?: AbortSignal) =>
      signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()
    await expect(
      createApiClient({ fetch, sleep: abortingSleep }).get('/x', Empty, { signal: controller.signal }),
    ).rejects.toBeDefined()
    expect(requests).toHaveLength(1)
  })

  it('reports a dropped network as a readable error after retrying', async () => {
    const fail = () => Promise.reject(new TypeError('Failed to fetch'))
    const { fetch } = scripted(fail, fail)
    const error = await createApiClient({ fetch, sleep, maxRetries: 1 })
      .get('/x', Empty)
      .catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toMatch(/Couldn't reach the server/)
  })
})

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and caps a long wait', () => {
    expect(retryAfterMs('3')).toBe(3000)
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(retryAfterMs('3600')).toBe(60_000)
    expect(retryAfterMs(null)).toBeUndefined()
  })
})
