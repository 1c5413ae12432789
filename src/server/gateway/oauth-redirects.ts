const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Text no database or JSON column keeps: control characters (below space, or `spaces`), or half a character. */
export const isUnkeepable = (text: string, spaces = false) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  (spaces ? /[\u0000-\u0020\u007f]/ : /[\u0000-\u001f\u007f]/).test(text) || LONE_SURROGATE.test(text)

/** Schemes a browser would run or read rather than hand to an app. */
const NEVER = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:'])
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost'])
const MAX_URI_LENGTH = 2000

/**
 * Why a client's redirect URI is refused, or undefined when it may be registered: https anywhere, http on
 * loopback only (RFC 8252 7.3), a desktop app's own scheme (7.1); never a fragment or credentials.
 */
export function redirectUriProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0) return 'A redirect URI must be a non-empty string'
  if (raw.length > MAX_URI_LENGTH) return `A redirect URI is at most ${MAX_URI_LENGTH} characters`
  if (isUnkeepable(raw, true))
    return 'A redirect URI cannot hold spaces, control characters or broken Unicode'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return `${raw} is not an absolute URI`
  }
  if (raw.includes('#')) return 'A redirect URI must not have a fragment'
  const scheme = url.protocol.toLowerCase()
  if (NEVER.has(scheme)) return `A redirect URI cannot use ${scheme}`
  if (url.username || url.password) return 'A redirect URI must not carry a user name or password'
  if (scheme === 'https:') return url.hostname ? undefined : 'An https redirect URI needs a host'
  if (scheme === 'http:')
    return LOOPBACK.has(url.hostname)
      ? undefined
      : 'An http redirect URI must be on loopback (127.0.0.1, [::1] or localhost)'
  if (scheme === 'ws:' || scheme === 'wss:' || scheme === 'ftp:') return `A redirect URI cannot use ${scheme}`
  return undefined
}

/** What the consent page names, and its form may be sent on to: the host, or the app's own scheme. */
export function redirectTarget(redirectUri: string) {
  const url = new URL(redirectUri)
  if (url.protocol === 'https:' || url.protocol === 'http:') return { shown: url.host, source: url.origin }
  return { shown: `${url.protocol}//${url.host}`, source: url.protocol }
}

/** The client's redirect URI with `params` added to whatever query it was registered with. */
export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>) {
  const url = new URL(redirectUri)
  for (const [name, value] of Object.entries(params)) if (value != null) url.searchParams.set(name, value)
  return url.href
}
