import type { ErrorObject } from '../../contract/document'
import { Problem } from '../http/problem'
import { tokenBucket } from './token-bucket'
import { type UpstreamClient, UpstreamError, upstreamClient } from './upstream-client'

type VerifyOptions = {
  baseUrl: string
  apiKey: string
  fetch: typeof fetch
  now: () => Date
  urlProblem: (url: string) => Promise<string | undefined>
  /** The new key must see one of them. */
  mirrored?: string[]
}

const KEY = '/data/attributes/api_key'
const URL_POINTER = '/data/attributes/base_url'

const refusal = (pointer: string, detail: string, code: string): Problem =>
  new Problem(422, [{ status: '422', title: 'Not connected', detail, code, source: { pointer } }])

function upstreamWords(body: unknown) {
  const errors = (body as { errors?: unknown } | undefined)?.errors
  if (!Array.isArray(errors)) return undefined
  const words = errors
    .map((error) => {
      const e = (error ?? {}) as Partial<ErrorObject>
      return typeof e.detail === 'string' ? e.detail : typeof e.title === 'string' ? e.title : undefined
    })
    .filter((word): word is string => !!word)
  return words.length ? words.join('; ') : undefined
}

function problemOf(error: UpstreamError, baseUrl: string) {
  const said = upstreamWords(error.body)
  const quoted = said ? `: "${said}"` : ''
  if (error.kind === 'unauthorised') return refusal(KEY, `${error.message}${quoted}`, 'upstream_unauthorised')
  if (error.kind === 'rate_limited')
    return refusal(
      KEY,
      `${error.message}${quoted}; nothing was connected, try again then`,
      'upstream_rate_limited',
    )
  if (error.kind === 'refused')
    return refusal(
      URL_POINTER,
      `${baseUrl} does not answer as a Terminal49 API (${error.status})${quoted}`,
      'upstream_refused',
    )
  return refusal(URL_POINTER, `${error.message}${quoted}`, 'upstream_unreachable')
}

/** Terminal49 has no `/me`: a key that reads none of the mirrored shipments (404) is another account's. */
async function refuseAnotherAccount(client: UpstreamClient, mirrored: string[]) {
  for (const id of mirrored) {
    const seen = await client.get(`/shipments/${id}`).catch((error) => {
      if (error instanceof UpstreamError && error.kind === 'refused') return undefined
      throw error
    })
    if (seen) return
  }
  throw refusal(
    KEY,
    `This key belongs to another upstream account: it cannot read the shipments this connection mirrors (${mirrored.length} asked for by id). Connect it as a new connection, or disconnect this one first`,
    'upstream_account_changed',
  )
}

/** A list read every Terminal49 key may make; a Quayside upstream also tells its name at /account. */
export async function verifyUpstreamKey(options: VerifyOptions) {
  const unsafe = await options.urlProblem(options.baseUrl)
  if (unsafe) throw refusal(URL_POINTER, unsafe.replace(/webhooks must/, 'an upstream must'), 'unsafe_url')
  const client = upstreamClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: options.fetch,
    bucket: tokenBucket({
      perMinute: 20,
      burst: 10,
      now: () => options.now().getTime(),
      sleep: async () => {},
    }),
    now: options.now,
    sleep: async () => {},
    readAttempts: 1,
    timeoutMs: 15_000,
  })
  try {
    await client.get('/shipments', { 'page[size]': 1 })
    if (options.mirrored?.length) await refuseAnotherAccount(client, options.mirrored)
  } catch (error) {
    throw error instanceof UpstreamError ? problemOf(error, options.baseUrl) : error
  }
  const account = await client.get('/account').catch(() => undefined)
  const name = (account?.body.data as { attributes?: { company_name?: unknown } } | undefined)?.attributes
    ?.company_name
  return typeof name === 'string' && name ? name : undefined
}
