import type { Context, MiddlewareHandler } from 'hono'
import type { AuthEnv, Caller } from './auth'
import { compress, type Encoding, encodingFor, worthCompressing } from './compression'

const encoder = new TextEncoder()
type Reader = Pick<Caller, 'accountId' | 'scope' | 'role' | 'partyId' | 'userId'>
// the scope is part of the key: a document may say what the key may do (GET /account does); a hit skips the
// route's role check and a customer's party scoping, and a person's keys are its own, so those are too
const keyOf = (reader: Reader, accept: string | undefined, url: string) =>
  `${reader.accountId} ${reader.scope} ${reader.role} ${reader.partyId ?? ''} ${reader.userId ?? ''} ${accept ?? ''} ${url}`
/** The rate limit's figures, kept on the copy sent. */
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
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
  status: number
  contentType: string
  version: number
  at: number
}

export type ResponseCacheOptions = {
  /** Writes in other processes show within this time. */
  ttlMs?: number
  /** The least recently stored go first. */
  maxBytes?: number
  onChange?: (accountId: string) => void
  /** `responseText` in jsonapi/respond.ts avoids turning a lightweight response into a full one. */
  textOf?: (response: Response) => Promise<string>
}

const cloneText = (response: Response) => response.clone().text()

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
    // a Map iterates in insertion order
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
  }
  const encoded = (entry: Entry, encoding: Encoding, body: Uint8Array<ArrayBuffer>) => {
    entry.encoded[encoding] = body
    if (entries.get(entry.key) === entry) bytes += body.byteLength
  }
  return { get: (key: string) => entries.get(key), store, encoded }
}
type Entries = ReturnType<typeof createEntries>

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

/** `epoch` moves every account's version at once. */
function createVersions() {
  const versions = new Map<string, number>()
  // moved when another process's changes may have been missed
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

async function keepRendered(c: Context, parts: Parts, key: string, version: number, at: number) {
  // a file's bytes (a document download) would not survive being read as text
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
  // so the next hit finds that compression done
  const rendered = c.res
  c.res = undefined
  c.res = parts.answer(entry, c.req.header('Accept-Encoding'), headersOf(rendered))
  return entry
}

function cacheMiddleware(parts: Parts): MiddlewareHandler<AuthEnv> {
  // the others wait for it, or take the previous copy while it refreshes
  const rendering = new Map<string, Promise<Entry | undefined>>()
  const serve = (c: Context, entry: Entry, state: 'hit' | 'stale') =>
    parts.answer(entry, c.req.header('Accept-Encoding'), { 'X-Cache': state })
  const shared = async (c: Context<AuthEnv>, pending: Promise<Entry | undefined>) => {
    const entry = await pending
    return entry && entry.version === parts.versions.of(c.var.caller.accountId)
      ? serve(c, entry, 'hit')
      : undefined
  }
  /** Answers at once when there is neither, so the first of simultaneous requests marks its render first. */
  const servable = (c: Context<AuthEnv>, key: string, version: number, now: number) => {
    const hit = parts.entries.get(key)
    if (hit && hit.version === version) {
      if (now - hit.at < parts.ttlMs) return serve(c, hit, 'hit')
      // only another process's writes can be missing, for one render longer
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

/** Writes here move the account's version, so it never reads stale here; other processes' writes show within the TTL. */
export function createResponseCache({
  ttlMs = 2_000,
  maxBytes = 16 * 1024 * 1024,
  onChange,
  textOf = cloneText,
}: ResponseCacheOptions = {}) {
  const entries = createEntries(maxBytes)
  const versions = createVersions()
  const answer = answerWith(entries)

  function invalidate(accountId: string) {
    versions.forget(accountId)
    onChange?.(accountId)
  }

  /** Undefined: anything may have changed. */
  function changedElsewhere(accountId: string | undefined) {
    if (accountId) versions.forget(accountId)
    else versions.forgetAll()
  }

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
