import type { UpstreamStatus } from '../storage/schema'
import type { TokenBucket } from './token-bucket'

export class UpstreamError extends Error {
  constructor(
    readonly kind: Exclude<UpstreamStatus, 'ok' | 'connecting'> | 'refused',
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}

export type UpstreamAnswer = { status: number; body: UpstreamDocument; date: Date }
export type UpstreamDocument = {
  data?: unknown
  included?: unknown[]
  links?: Record<string, unknown>
  errors?: unknown[]
  meta?: Record<string, unknown>
}

type ClientOptions = {
  baseUrl: string
  apiKey: string
  fetch: typeof fetch
  bucket: TokenBucket
  now: () => Date
  sleep: (ms: number) => Promise<void>
  onContact?: (status: UpstreamStatus, detail: string | null) => void
  readAttempts?: number
  timeoutMs?: number
}

const RETRY_AFTER_CAP_MS = 5 * 60_000

/** A minute when the upstream does not say. */
function retryAfterMs(header: string | null, now: Date) {
  if (!header) return 60_000
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : new Date(header).getTime() - now.getTime()
  return Math.min(Math.max(Number.isFinite(ms) ? ms : 60_000, 0), RETRY_AFTER_CAP_MS)
}

function failure(response: Response, body: UpstreamDocument, options: ClientOptions) {
  const status = response.status
  if (status === 401 || status === 403)
    return new UpstreamError('unauthorised', `The upstream refused the API key (${status})`, status, body)
  if (status === 429) {
    const wait = retryAfterMs(response.headers.get('retry-after'), options.now())
    options.bucket.pauseUntil(options.now().getTime() + wait)
    return new UpstreamError(
      'rate_limited',
      `The upstream is limiting requests; trying again in ${Math.ceil(wait / 1000)} s`,
      status,
      body,
      wait,
    )
  }
  if (status >= 500)
    return new UpstreamError('unreachable', `The upstream answered ${status}: it is failing`, status, body)
  return new UpstreamError('refused', `The upstream refused the request (${status})`, status, body)
}

async function answerOf(response: Response, now: () => Date): Promise<UpstreamAnswer> {
  const text = await response.text().catch(() => '')
  let parsed: UpstreamDocument = {}
  try {
    parsed = text ? (JSON.parse(text) as UpstreamDocument) : {}
  } catch {}
  const date = new Date(response.headers.get('date') ?? now().toISOString())
  return { status: response.status, body: parsed, date: Number.isNaN(date.getTime()) ? now() : date }
}

const causeOf = (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message)

/** Reads retry past 429s (Retry-After) and 5xx (1 s, 2 s, 4 s…); a write is never repeated: it may have been made. */
export function upstreamClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '')
  const attempts = options.readAttempts ?? 5

  function contact(error: UpstreamError) {
    // a refusal is still an answer: the upstream is there and knows the key
    options.onContact?.(
      error.kind === 'refused' ? 'ok' : error.kind,
      error.kind === 'refused' ? null : error.message,
    )
    return error
  }

  async function once(method: string, path: string, body?: unknown): Promise<UpstreamAnswer> {
    await options.bucket.take()
    const response = await options
      .fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        headers: {
          Authorization: `Token ${options.apiKey}`,
          Accept: 'application/vnd.api+json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/vnd.api+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .catch((error: Error) => {
        throw contact(
          new UpstreamError('unreachable', `The upstream at ${base} could not be reached: ${causeOf(error)}`),
        )
      })
    const answer = await answerOf(response, options.now)
    if (!response.ok) throw contact(failure(response, answer.body, options))
    options.onContact?.('ok', null)
    return answer
  }

  return {
    async get(path: string, query: Record<string, string | number> = {}) {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
      const target = search.size ? `${path}?${search}` : path
      for (let attempt = 1; ; attempt++) {
        try {
          return await once('GET', target)
        } catch (error) {
          if (
            !(error instanceof UpstreamError) ||
            error.kind === 'refused' ||
            error.kind === 'unauthorised' ||
            attempt >= attempts
          )
            throw error
          await options.sleep(error.retryAfterMs ?? 1000 * 2 ** (attempt - 1))
        }
      }
    },
    send: (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => once(method, path, body),
  }
}
export type UpstreamClient = ReturnType<typeof upstreamClient>
