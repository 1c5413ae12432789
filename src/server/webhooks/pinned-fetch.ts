import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { type AddressGuard, UnsafeAddressError } from './url-safety'

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/** One resolution, every address checked, and no other. */
const checkedLookup =
  (guard: AddressGuard): LookupFunction =>
  (hostname, options, callback) => {
    guard.resolveChecked(hostname).then(
      (addresses) => {
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0].address, addresses[0].family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }

const toResponse = (incoming: IncomingMessage) => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers))
    for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item)
  const status = incoming.statusCode ?? 0
  const empty = NULL_BODY_STATUSES.has(status)
  if (empty) incoming.resume()
  return new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
    status,
    statusText: incoming.statusMessage,
    headers,
  })
}

const headerRecord = (headers: HeadersInit | undefined) => Object.fromEntries(new Headers(headers))

/** Connects only to guard-checked addresses, resolved once; Host and TLS name stay the URL's; no redirects. */
export function pinnedFetch(guard: AddressGuard): typeof fetch {
  const lookup = checkedLookup(guard)
  const agents = {
    // reused between deliveries to a receiver, dropped after a quiet half-minute
    'http:': new HttpAgent({ keepAlive: true, timeout: 30_000 }),
    'https:': new HttpsAgent({ keepAlive: true, timeout: 30_000 }),
  }
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : input)
      const failed = (cause: unknown) => reject(new TypeError('fetch failed', { cause }))
      const problem = guard.urlProblem(url)
      if (problem) return failed(new UnsafeAddressError(problem))
      const body = typeof init.body === 'string' ? init.body : undefined
      const headers = headerRecord(init.headers)
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest
      try {
        const request = send(
          url,
          {
            method: init.method ?? 'GET',
            headers,
            lookup,
            agent: agents[url.protocol as 'http:'],
            signal: init.signal ?? undefined,
          },
          (incoming) => {
            try {
              resolve(toResponse(incoming))
            } catch (error) {
              incoming.destroy()
              failed(error)
            }
          },
        )
        request.on('error', (error) => (init.signal?.aborted ? reject(init.signal.reason) : failed(error)))
        request.end(body)
      } catch (error) {
        failed(error)
      }
    })
}
