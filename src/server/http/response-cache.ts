import type { Context, MiddlewareHandler } from 'hono'
import type { AuthEnv, Caller } from './auth'
import { compress, type Encoding, encodingFor, worthCompressing } from './compression'
import { responseText } from './respond'

const encoder = new TextEncoder()
type Reader = Pick<Caller, 'accountId' | 'scope'>
// the scope is part of the key: a document may say what the key may do (GET /account does)
const keyOf = ({ accountId, scope }: Reader, accept: string | undefined, url: string) =>
  `${accountId} ${scope} ${accept ?? ''} ${url}`
/** What a render set besides its body and type (the rate limit's figures), kept on the copy sent. */
const headersOf = (response: Response) => {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') headers[name] = value
  })
  return headers
}
const wantsFresh = (cacheControl: string | undefined) => /no-cache/i.test(cacheControl ?? '')

type Entry = {
  key: string
  body: Uint8Array<ArrayBuffer>
  /** The body compressed, each encoding made the first time a client asks for it, then kept. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
  status: number
  contentType: string
  version: number
  at: number
}

export type ResponseCacheOptions = {
  /** How long a rendered document may be served again; writes elsewhere show within this time. */
  ttlMs?: number
  /** The most the cached bodies may hold together; the least recently stored go first. */
  maxBytes?: number
  /** Told of each change made in this process, to pass on to the others (see `openChangeFeed`). */
  onChange?: (accountId: string) => void
}

/**
 * Rendered GET documents per account, served again while nothing in the account has changed: every
 * write in this process moves the account's version on, so it never reads stale here; what another
 * process writes shows within the TTL (and the one render that refreshes it). Concurrent requests for the
 * same document share one render. `Cache-Control: no-cache` asks for a fresh render. Bodies are kept
 * compressed as well, per encoding once asked for, so a hit costs no compression.
 */
export function createResponseCache({
  ttlMs = 2_000,
  maxBytes = 16 * 1024 * 1024,
  onChange,
}: ResponseCacheOptions = {}) {
  const entries = new Map<string, Entry>()
  const versions = new Map<string, number>()
  let bytes = 0
  // moved on when another process's changes may have been missed: every account's version moves with it
  let epoch = 0

  const versionOf = (accountId: string) => (versions.get(accountId) ?? 0) + epoch
  const sizeOf = (entry: Entry) =>
    entry.body.byteLength + (entry.encoded.br?.byteLength ?? 0) + (entry.encoded.gzip?.byteLength ?? 0)
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= sizeOf(entry)
    entries.delete(key)
  }
  const store = (key: string, entry: Entry) => {
    remove(key)
    if (entry.body.byteLength > maxBytes / 8) return
    entries.set(key, entry)
    bytes += sizeOf(entry)
    // a Map iterates in insertion order, so the first keys are the least recently stored
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
  }

  /** A document rendered for this account since its last change and within the TTL, if there is one. */
  const freshEntry = (
    reader: Reader,
    accept: string | undefined,
    url: string,
    cacheControl: string | undefined,
  ) => {
    if (wantsFresh(cacheControl)) return undefined
    const hit = entries.get(keyOf(reader, accept, url))
    return hit && hit.version === versionOf(reader.accountId) && performance.now() - hit.at < ttlMs
      ? hit
      : undefined
  }

  /** The entry as a response in the encoding the client accepts, compressing (once) if it is the first to ask. */
  const answer = (
    entry: Entry,
    acceptEncoding: string | undefined,
    headers: Record<string, string> = {},
  ): Response => {
    const compressible = worthCompressing(entry.contentType, entry.body.byteLength)
    const encoding = compressible ? encodingFor(acceptEncoding) : undefined
    let body = entry.body
    if (encoding) {
      const made = entry.encoded[encoding]
      body = made ?? compress(entry.body, encoding)
      if (!made) {
        entry.encoded[encoding] = body
        if (entries.get(entry.key) === entry) bytes += body.byteLength
      }
    }
    return new Response(body, {
      status: entry.status,
      headers: {
        'Content-Type': entry.contentType,
        ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        ...headers,
      },
    })
  }

  // one render per document at a time: the others wait for it, or take the previous copy while it refreshes
  const rendering = new Map<string, Promise<Entry | undefined>>()

  const serve = (c: Context, entry: Entry, state: 'hit' | 'stale') =>
    answer(entry, c.req.header('Accept-Encoding'), { 'X-Cache': state })

  const middleware: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const { accountId } = c.var.caller
    if (c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
    if (c.req.method !== 'GET') {
      await next()
      if (c.res.status < 400) invalidate(accountId)
      return
    }
    const key = keyOf(c.var.caller, c.req.header('Accept'), c.req.url)
    const fresh = wantsFresh(c.req.header('Cache-Control'))
    const version = versionOf(accountId)
    const now = performance.now()
    if (!fresh) {
      const hit = entries.get(key)
      if (hit && hit.version === version) {
        if (now - hit.at < ttlMs) return serve(c, hit, 'hit')
        // nothing here changed since; only another process's writes can be missing, for one render longer
        if (rendering.has(key)) return serve(c, hit, 'stale')
      }
      const pending = rendering.get(key)
      if (pending) {
        const entry = await pending
        if (entry && entry.version === versionOf(accountId)) return serve(c, entry, 'hit')
      }
    }
    let settle: (entry: Entry | undefined) => void = () => {}
    const render = new Promise<Entry | undefined>((resolve) => {
      settle = resolve
    })
    if (!fresh) rendering.set(key, render)
    let entry: Entry | undefined
    try {
      await next()
      // only text is kept: a file's bytes (a document download) would not survive being read as text
      if (c.res.status !== 200 || !/json|text/i.test(c.res.headers.get('Content-Type') ?? '')) return
      entry = {
        key,
        encoded: {},
        body: encoder.encode(await responseText(c.res)),
        status: c.res.status,
        contentType: c.res.headers.get('Content-Type') ?? '',
        version,
        at: now,
      }
      store(key, entry)
      // the rendered copy leaves compressed from the entry, so the next hit finds that compression done
      const rendered = c.res
      c.res = undefined
      c.res = answer(entry, c.req.header('Accept-Encoding'), headersOf(rendered))
    } finally {
      settle(entry)
      if (rendering.get(key) === render) rendering.delete(key)
    }
  }

  const forget = (accountId: string) => versions.set(accountId, (versions.get(accountId) ?? 0) + 1)

  /** Everything this account has changed: its cached documents are rendered afresh, here and elsewhere. */
  function invalidate(accountId: string) {
    forget(accountId)
    onChange?.(accountId)
  }

  /** What another process changed (undefined: anything may have): rendered afresh here. */
  function changedElsewhere(accountId: string | undefined) {
    if (accountId) forget(accountId)
    else epoch++
  }

  return { middleware, invalidate, changedElsewhere, freshEntry, answer }
}
export type ResponseCache = ReturnType<typeof createResponseCache>
