import type { z } from 'zod/mini'
import { ApiError, NetworkError, ResponseShapeError } from './api-error'
import { noteServiceTime } from './service-clock'

type Params = Record<string, string | number | boolean | undefined | null>
type Options = {
  include?: string[]
  params?: Params
  signal?: AbortSignal
  /** The server answers 412 if the resource has moved on. */
  ifMatch?: number
}

const JSON_API = 'application/vnd.api+json'

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

/** Capped so a page never waits for minutes. */
export function retryAfterMs(header: string | null, now = Date.now()) {
  if (!header) return undefined
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 60_000) : undefined
}

function urlFor(baseUrl: string, path: string, { include, params }: Options) {
  const search = new URLSearchParams()
  if (include?.length) search.set('include', include.join(','))
  for (const [key, value] of Object.entries(params ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const query = search.toString().replaceAll('%5B', '[').replaceAll('%5D', ']').replaceAll('%2C', ',')
  return `${baseUrl}${path}${query ? `?${query}` : ''}`
}

type Schema = z.ZodMiniType | null | 'bytes'

function requestInit(method: string, schema: Schema, options: Options & { body?: unknown }): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    signal: options.signal,
    headers: {
      Accept: schema === 'bytes' ? '*/*' : JSON_API,
      // the server refuses other changes made through a session
      ...(method === 'GET' ? {} : { 'Content-Type': JSON_API }),
      ...(options.ifMatch === undefined ? {} : { 'If-Match': `"${options.ifMatch}"` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  }
}

async function readBody<S extends z.ZodMiniType>(
  response: Response,
  schema: S | null | 'bytes',
  label: string,
) {
  if (schema === null || response.status === 204) return undefined as z.infer<S>
  if (schema === 'bytes') return (await response.arrayBuffer()) as z.infer<S>
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new ResponseShapeError(label, [])
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ResponseShapeError(label, parsed.error.issues)
  return parsed.data
}

/** The one place the dashboard calls `fetch`; GETs retry on 429 (Retry-After) and 5xx (backoff). */
export function createApiClient({
  baseUrl = '/v2',
  fetch: fetchImpl = (...args: Parameters<typeof fetch>) => globalThis.fetch(...args),
  sleep = defaultSleep,
  maxRetries = 3,
}: {
  baseUrl?: string
  fetch?: typeof fetch
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  maxRetries?: number
} = {}) {
  async function request<S extends z.ZodMiniType>(
    method: string,
    path: string,
    schema: S | null | 'bytes',
    options: Options & { body?: unknown } = {},
  ): Promise<z.infer<S>> {
    const url = urlFor(baseUrl, path, options)
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetchImpl(url, requestInit(method, schema, options))
      } catch (error) {
        if (options.signal?.aborted) throw error
        if (method === 'GET' && attempt < maxRetries) {
          await sleep(500 * 2 ** attempt, options.signal)
          continue
        }
        throw new NetworkError(`${method} ${url}`)
      }
      noteServiceTime(response)
      const retryable = response.status === 429 || response.status >= 500
      if (method === 'GET' && retryable && attempt < maxRetries) {
        const wait =
          retryAfterMs(response.headers.get('Retry-After')) ?? 300 * 2 ** attempt + Math.random() * 100
        await sleep(wait, options.signal)
        continue
      }
      if (!response.ok) throw await ApiError.fromResponse(response, `${method} ${url}`)
      return readBody(response, schema, `${method} ${url}`)
    }
  }

  return {
    get: <S extends z.ZodMiniType>(path: string, schema: S, options?: Options) =>
      request('GET', path, schema, options),
    post: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: Options) =>
      request('POST', path, schema, { ...options, body }),
    patch: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S, options?: Options) =>
      request('PATCH', path, schema, { ...options, body }),
    delete: (path: string, options?: Options) => request('DELETE', path, null, options),
    bytes: (path: string, options?: Options) =>
      request('GET', path, 'bytes', options) as Promise<ArrayBuffer>,
    url: (path: string, options: Options = {}) => urlFor(baseUrl, path, options),
  }
}

export const api = createApiClient()
