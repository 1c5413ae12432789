import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const JSON_API = 'application/vnd.api+json'

/** Answers with a JSON:API document and the JSON:API content type. */
export const respond = (c: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  c.body(JSON.stringify(body), status, { 'Content-Type': JSON_API })
