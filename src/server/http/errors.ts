import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Problem, problem } from './problem'
import { JSON_API } from './respond'

const toProblem = (error: unknown): Problem => {
  if (error instanceof Problem) return error
  if (error instanceof HTTPException)
    return error.status === 413
      ? problem(413, { detail: 'The request body is larger than 1 MB', code: 'payload_too_large' })
      : problem(error.status, { detail: error.message || 'The request could not be handled' })
  return problem(500, {
    detail: 'Something went wrong on our side; the error has been logged',
    code: 'internal',
  })
}

/** Every failure leaves as a JSON:API error document; unexpected ones are logged, never echoed. */
export const renderError = (error: unknown, c: Context, log: (error: unknown) => void = console.error) => {
  const failure = toProblem(error)
  if (failure.status >= 500) log(error)
  return c.body(JSON.stringify({ errors: failure.errors }), failure.status as ContentfulStatusCode, {
    'Content-Type': JSON_API,
    ...failure.headers,
  })
}

export const renderNotFound = (c: Context) =>
  renderError(
    problem(404, { detail: `There is no ${c.req.method} ${new URL(c.req.url).pathname}`, code: 'not_found' }),
    c,
  )
