import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** RFC 6749 5.2 (and RFC 7591 3.2.2): what an OAuth client reads, rather than a JSON:API envelope. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(description)
  }
}

export const answerOAuthError = (c: Context, error: OAuthError) =>
  c.json({ error: error.error, error_description: error.description }, error.status, {
    'Cache-Control': 'no-store',
  })

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i

/** A token or revocation request: form-encoded, each parameter at most once (RFC 6749 3.2). */
export async function readForm(c: Context) {
  if (!FORM_TYPE.test(c.req.header('Content-Type') ?? ''))
    throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded')
  const form = new URLSearchParams(await c.req.text())
  const seen = new Set<string>()
  for (const name of form.keys()) {
    if (seen.has(name)) throw new OAuthError('invalid_request', `${name} is given more than once`)
    seen.add(name)
  }
  return (name: string) => form.get(name) ?? undefined
}
