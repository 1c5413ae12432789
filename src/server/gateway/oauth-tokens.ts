import { createHash, randomBytes } from 'node:crypto'

export const ACCESS_TOKEN_SECONDS = 60 * 60
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000
export const CODE_MS = 60 * 1000
export const CONSENT_MS = 10 * 60 * 1000

/** As storage keeps every key: SHA-256, hex. */
export const tokenHash = (raw: string) => createHash('sha256').update(raw).digest('hex')

export const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** PKCE S256 (RFC 7636 4.6). */
export function verifierMatches(verifier: string | undefined, challenge: string) {
  if (!verifier || !VERIFIER.test(verifier)) return false
  return createHash('sha256').update(verifier).digest('base64url') === challenge
}

/** An S256 challenge is the base64url of 32 bytes. */
export const isS256Challenge = (challenge: string | undefined) =>
  challenge !== undefined && /^[A-Za-z0-9_-]{43}$/.test(challenge)

/** As `/oauth/register` makes them; anything else is no client, and never reaches a query. */
export const isClientId = (id: string | undefined): id is string =>
  id !== undefined && /^qsc_[A-Za-z0-9_-]{24}$/.test(id)

/** Echoed to the app as given; kept, so printable and bounded. */
export const isState = (state: string | undefined) =>
  state === undefined || /^[\x20-\x7e]{1,500}$/.test(state)
