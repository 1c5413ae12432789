import { standardWebhookHeaders, t49Signature } from './sign'
import { UnsafeAddressError } from './url-safety'

const SUCCESS = new Set([200, 201, 202, 204])
const EXCERPT_CHARS = 500
const READ_LIMIT_BYTES = 8 * 1024

export type Target = { url: string; secret: string; headers: { name: string; value: string }[] }

export type DeliveryAttempt = {
  succeeded: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string> | null
  responseBody: string | null
  /** The transport would not connect: the host points to an address webhooks may not reach. */
  refusedAddress?: boolean
}

/** At most the first few kilobytes of a response: a receiver may answer with anything, of any size. */
async function readStart(response: Response) {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < READ_LIMIT_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return Buffer.concat(chunks).subarray(0, READ_LIMIT_BYTES).toString('utf8')
}

const reasonOf = (error: unknown, timeoutMs: number) => {
  const failure = error as Error & { cause?: { code?: string; message?: string } }
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError')
    return `No answer within ${timeoutMs / 1000} s`
  if (failure.cause instanceof UnsafeAddressError) return failure.cause.message
  return failure.cause?.code ?? failure.cause?.message ?? failure.message
}

/**
 * POSTs one signed notification. Success is 200, 201, 202 or 204; a redirect is not followed (it could
 * lead anywhere); no answer within the time-out is a failure. Never throws.
 */
export async function deliver(options: {
  fetch: typeof fetch
  target: Target
  notificationId: string
  body: string
  timestampSeconds: number
  timeoutMs: number
  /** Why the URL may not be called at all (its scheme, or an address written in it), if it may not. */
  urlProblem?: string
}): Promise<DeliveryAttempt> {
  const { target, body } = options
  const requestHeaders: Record<string, string> = {
    ...Object.fromEntries(target.headers.map((h) => [h.name, h.value])),
    'Content-Type': 'application/json',
    'User-Agent': 'Quayside-Webhooks/1.0',
    'X-T49-Webhook-Signature': t49Signature(body, target.secret),
    ...standardWebhookHeaders(options.notificationId, options.timestampSeconds, body, target.secret),
  }
  const failed = (error: string, started: number): DeliveryAttempt => ({
    succeeded: false,
    statusCode: null,
    durationMs: Math.round(performance.now() - started),
    error,
    requestHeaders,
    responseHeaders: null,
    responseBody: null,
  })
  const started = performance.now()
  if (options.urlProblem) return failed(options.urlProblem, started)
  try {
    const response = await options.fetch(target.url, {
      method: 'POST',
      body,
      headers: requestHeaders,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    const text = await readStart(response)
    const succeeded = SUCCESS.has(response.status)
    const location = response.headers.get('location')
    return {
      succeeded,
      statusCode: response.status,
      durationMs: Math.round(performance.now() - started),
      error: succeeded
        ? null
        : response.status >= 300 && response.status < 400
          ? `Redirect${location ? ` to ${location}` : ''} not followed`
          : `HTTP ${response.status}`,
      requestHeaders,
      responseHeaders: Object.fromEntries(response.headers),
      // a database text column cannot hold NUL, and an excerpt is for people to read
      responseBody: text.slice(0, EXCERPT_CHARS).replaceAll('\u0000', ''),
    }
  } catch (error) {
    const attempt = failed(reasonOf(error, options.timeoutMs), started)
    return (error as Error).cause instanceof UnsafeAddressError
      ? { ...attempt, refusedAddress: true }
      : attempt
  }
}
