import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { JSON_API } from '../../contract/document'
import { Problem, problem } from './problem'

type DatabaseError = { code?: unknown; constraint?: unknown; cause?: unknown }

/** pg and PGlite both carry the SQLSTATE as `code`. */
function databaseError(error: unknown): DatabaseError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DatabaseError
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    current = candidate.cause
  }
  return undefined
}

/** PGlite raises 53100 too. */
const NO_SPACE = new Set(['53100', 'ENOSPC', 'EDQUOT'])
/**
 * A new connection to a database on a full disk fails before any query, with no code of its own: PostgreSQL
 * cannot write the relation cache's init file (FATAL XX000).
 */
const NO_SPACE_WORDS = /could not write init file/

const outOfSpace = (error: unknown) => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as DatabaseError
    if (NO_SPACE.has(String(code)) || NO_SPACE_WORDS.test(String((current as Error).message)))
      return current as Error
    current = (current as DatabaseError).cause
  }
  return undefined
}

const insufficientStorage = () =>
  problem(507, {
    detail: 'The server has no space left to store this, so nothing was saved; try again once space is freed',
    code: 'insufficient_storage',
  })

/** An index not listed here points at the whole resource. */
const DUPLICATE_POINTERS: Record<string, string> = {
  custom_field_definitions_slug: '/data/attributes/api_slug',
  custom_field_options_value: '/data/attributes/value',
  tracking_requests_active_number: '/data/attributes/request_number',
}

const toProblem = (error: unknown): Problem => {
  if (error instanceof Problem) return error
  if (error instanceof HTTPException)
    return error.status === 413
      ? problem(413, { detail: 'The request body is larger than 1 MB', code: 'payload_too_large' })
      : problem(error.status, { detail: error.message || 'The request could not be handled' })
  if (outOfSpace(error)) return insufficientStorage()
  const database = databaseError(error)
  // a unique index lost a race the route's own check did not see
  if (database?.code === '23505' && database.constraint === 'users_sign_in_email')
    return problem(409, {
      detail: 'Someone with this email address can already sign in',
      pointer: '/data/attributes/email',
      code: 'email_taken',
    })
  if (database?.code === '23505')
    return problem(422, {
      detail: 'A record like this already exists',
      pointer: DUPLICATE_POINTERS[String(database.constraint)] ?? '/data',
      code: 'duplicate',
    })
  return problem(500, {
    detail: 'Something went wrong on our side; the error has been logged',
    code: 'internal',
  })
}

const PARAMS = /params: .*$/m

/** A failed query's parameters are key hashes, token prefixes and password hashes: never in the log. */
function withoutParams(error: unknown) {
  if (!(error instanceof Error) || !('params' in error)) return error
  const copy = new Error(error.message.replace(PARAMS, 'params: [redacted]'), { cause: error.cause })
  copy.name = error.name
  copy.stack = error.stack?.replace(PARAMS, 'params: [redacted]')
  return copy
}

/** Unexpected failures are logged, never echoed. */
export const renderError = (error: unknown, c: Context, log: (error: unknown) => void = console.error) => {
  const failure = toProblem(error)
  const full = outOfSpace(error)
  // the driver's words only: the query's parameters are the caller's data, and can be megabytes
  if (full) log(`No space left to write: ${full.message}`)
  else if (failure.status >= 500 && !(error instanceof Problem)) log(withoutParams(error))
  return c.body(JSON.stringify({ errors: failure.errors }), failure.status as ContentfulStatusCode, {
    'Content-Type': JSON_API,
    // the unread rest of the body would be taken for the next request on the connection
    ...(failure.status === 413 ? { Connection: 'close' } : {}),
    ...failure.headers,
  })
}

export const renderNotFound = (c: Context) =>
  renderError(
    problem(404, { detail: `There is no ${c.req.method} ${new URL(c.req.url).pathname}`, code: 'not_found' }),
    c,
  )
