import { standardWebhookHeaders, t49Signature } from './sign'
import { UnsafeAddressError } from './url-safety'

const SUCCESS = new Set([200, 201, 202, 204])
const EXCERPT_CHARS = 500
const READ_LIMIT_BYTES = 8 * 1024

export type Target = {
  url: string
  secret: string
  /** It signs beside the new one so receivers can switch. */
  previousSecret?: string | null
  headers: { name: string; value: string }[]
}

export type DeliveryAttempt = {
  succeeded: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string> | null
  responseBody: string | null
  refusedAddress?: boolean
}

/** A receiver may answer with anything, of any size. */
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

const IN_WORDS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused: nothing listens at that address and port',
  ECONNRESET: 'The endpoint closed the connection before answering',
  ENOTFOUND: 'The host name does not resolve',
  EAI_AGAIN: 'The host name could not be resolved just now',
  EHOSTUNREACH: 'The host cannot be reached',
  ENETUNREACH: 'The network of that address cannot be reached',
  ETIMEDOUT: 'The connection timed out',
  EPIPE: 'The endpoint closed the connection while the notification was being sent',
  HPE_INVALID_CONSTANT: 'The endpoint did not answer with valid HTTP',
  CERT_HAS_EXPIRED: "The endpoint's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "The endpoint's TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "The endpoint's TLS certificate chain is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "The endpoint's TLS certificate cannot be verified",
  ERR_TLS_CERT_ALTNAME_INVALID: "The endpoint's TLS certificate is for another host name",
}

const errorInWords = (code: string) => IN_WORDS[code] ?? code

const reasonOf = (error: unknown, timeoutMs: number) => {
  const failure = error as Error & { cause?: { code?: string; message?: string } }
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError')
    return `No answer within ${timeoutMs / 1000} s`
  if (failure.cause instanceof UnsafeAddressError) return failure.cause.message
  const code = failure.cause?.code
  return code ? errorInWords(code) : (failure.cause?.message ?? failure.message)
}

/** Success is 200, 201, 202 or 204; a redirect is never followed (it could lead anywhere). Never throws. */
export async function deliver(options: {
  fetch: typeof fetch
  target: Target
  notificationId: string
  body: string
  timestampSeconds: number
  timeoutMs: number
  urlProblem?: string
}): Promise<DeliveryAttempt> {
  const { target, body } = options
  const requestHeaders: Record<string, string> = {
    ...Object.fromEntries(target.headers.map((h) => [h.name, h.value])),
    'Content-Type': 'application/json',
    'User-Agent': 'Quayside-Webhooks/1.0',
    'X-T49-Webhook-Signature': t49Signature(body, target.secret),
    ...standardWebhookHeaders(
      options.notificationId,
      options.timestampSeconds,
      body,
      target.secret,
      target.previousSecret,
    ),
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
      // a database text column cannot hold NUL
      responseBody: text.slice(0, EXCERPT_CHARS).replaceAll('\u0000', ''),
    }
  } catch (error) {
    const attempt = failed(reasonOf(error, options.timeoutMs), started)
    return (error as Error).cause instanceof UnsafeAddressError
      ? { ...attempt, refusedAddress: true }
      : attempt
  }
}
