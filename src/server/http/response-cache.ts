import type { Context, MiddlewareHandler } from 'hono'
import type { AuthEnv, Caller } from './auth'
import { compress, type Encoding, encodingFor, worthCompressing } from './compression'

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
  /**
   * A response's body as text. The renderer can hand over the text it wrote (`responseText` in
   * jsonapi/respond.ts) without turning a lightweight response into a full one; cloning works for any.
   */
  textOf?: (response: Response) => Promise<string>
}

const cloneText = (response: Response) => response.clone().text()

/** The kept bodies, least recently stored first, within `maxBytes` together. */
function createEntries(maxBytes: number) {
  const entries = new Map<string, Entry>()
  let bytes = 0
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
  /** A compression made for an entry, counted if the entry is still kept. */
  const encoded = (entry: Entry, encoding: Encoding, body: Uint8Array<ArrayBuffer>) => {
    entry.encoded[encoding] = body
    if (entries.get(entry.key) === entry) bytes += body.byteLength
  }
  return { get: (key: string) => entries.get(key), store, encoded }
}
type Entries = ReturnType<typeof createEntries>

/** The entry as a response in the encoding the client accepts, compressing (once) if it is the first to ask. */
const answerWith =
  (entries: Entries) =>
  (entry: Entry, acceptEncoding: string | undefined, headers: Record<string, string> = {}): Response => {
    const compressible = worthCompressing(entry.contentType, entry.body.byteLength)
    const encoding = compressible ? encodingFor(acceptEncoding) : undefined
    let body = entry.body
    if (encoding) {
      const made = entry.encoded[encoding]
      body = made ?? compress(entry.body, encoding)
      if (!made) entries.encoded(entry, encoding, body)
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

/** Each account's version, moved on by its changes; `epoch` moves every account's at once. */
function createVersions() {
  const versions = new Map<string, number>()
  // moved on when another process's changes may have been missed: every account's version moves with it
  let epoch = 0
  return {
    of: (accountId: string) => (versions.get(accountId) ?? 0) + epoch,
    forget: (accountId: string) => versions.set(accountId, (versions.get(accountId) ?? 0) + 1),
    forgetAll: () => {
      epoch++
    },
  }
}
type Versions = ReturnType<typeof createVersions>

type Parts = {
  entries: Entries
  versions: Versions
  answer: ReturnType<typeof answerWith>
  ttlMs: number
  textOf: (response: Response) => Promise<string>
  invalidate: (accountId: string) => void
}

/** The render's response, kept as an entry when it is text, and sent compressed from that entry. */
async function keepRendered(c: Context, parts: Parts, key: string, version: number, at: number) {
  // only text is kept: a file's bytes (a document download) would not survive being read as text
  if (c.res.status !== 200 || !/json|text/i.test(c.res.headers.get('Content-Type') ?? '')) return undefined
  const entry: Entry = {
    key,
    encoded: {},
    body: encoder.encode(await parts.textOf(c.res)),
    status: c.res.status,
    contentType: c.res.headers.get('Content-Type') ?? '',
    version,
    at,
  }
  parts.entries.store(key, entry)
  // the rendered copy leaves compressed from the entry, so the next hit finds that compression done
  const rendered = c.res
  c.res = undefined
  c.res = parts.answer(entry, c.req.header('Accept-Encoding'), headersOf(rendered))
  return entry
}

/** Serves GETs from the entries, one render per document at a time; other methods invalidate the account. */
function cacheMiddleware(parts: Parts): MiddlewareHandler<AuthEnv> {
  // one render per document at a time: the others wait for it, or take the previous copy while it refreshes
  const rendering = new Map<string, Promise<Entry | undefined>>()
  const serve = (c: Context, entry: Entry, state: 'hit' | 'stale') =>
    parts.answer(entry, c.req.header('Accept-Encoding'), { 'X-Cache': state })
  /** A render shared with the request that started it, once done, if it may be served. */
  const shared = async (c: Context<AuthEnv>, pending: Promise<Entry | undefined>) => {
    const entry = await pending
    return entry && entry.version === parts.versions.of(c.var.caller.accountId)
      ? serve(c, entry, 'hit')
      : undefined
  }
  /**
   * A kept render for this request, or one under way to wait for. Answered without waiting when there
   * is neither, so that the first of requests arriving together marks its render before the others look.
   */
  const servable = (c: Context<AuthEnv>, key: string, version: number, now: number) => {
    const hit = parts.entries.get(key)
    if (hit && hit.version === version) {
      if (now - hit.at < parts.ttlMs) return serve(c, hit, 'hit')
      // nothing here changed since; only another process's writes can be missing, for one render longer
      if (rendering.has(key)) return serve(c, hit, 'stale')
    }
    const pending = rendering.get(key)
    return pending ? shared(c, pending) : undefined
  }
  return async (c, next) => {
    const { accountId } = c.var.caller
    if (c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
    if (c.req.method !== 'GET') {
      await next()
      if (c.res.status < 400) parts.invalidate(accountId)
      return
    }
    const key = keyOf(c.var.caller, c.req.header('Accept'), c.req.url)
    const fresh = wantsFresh(c.req.header('Cache-Control'))
    const version = parts.versions.of(accountId)
    const now = performance.now()
    if (!fresh) {
      const served = servable(c, key, version, now)
      const answered = served instanceof Promise ? await served : served
      if (answered) return answered
    }
    let settle: (entry: Entry | undefined) => void = () => {}
    const render = new Promise<Entry | undefined>((resolve) => {
      settle = resolve
    })
    if (!fresh) rendering.set(key, render)
    let entry: Entry | undefined
    try {
      await next()
      entry = await keepRendered(c, parts, key, version, now)
    } finally {
      settle(entry)
      if (rendering.get(key) === render) rendering.delete(key)
    }
  }
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
  textOf = cloneText,
}: ResponseCacheOptions = {}) {
  const entries = createEntries(maxBytes)
  const versions = createVersions()
  const answer = answerWith(entries)

  /** Everything this account has changed: its cached documents are rendered afresh, here and elsewhere. */
  function invalidate(accountId: string) {
    versions.forget(accountId)
    onChange?.(accountId)
  }

  /** What another process changed (undefined: anything may have): rendered afresh here. */
  function changedElsewhere(accountId: string | undefined) {
    if (accountId) versions.forget(accountId)
    else versions.forgetAll()
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
    return hit && hit.version === versions.of(reader.accountId) && performance.now() - hit.at < ttlMs
      ? hit
      : undefined
  }

  const middleware = cacheMiddleware({ entries, versions, answer, ttlMs, textOf, invalidate })
  return { middleware, invalidate, changedElsewhere, freshEntry, answer }
}
export type ResponseCache = ReturnType<typeof createResponseCache>
