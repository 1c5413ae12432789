import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { JSON_API } from '../../contract/document'
import { stringifyShown } from './shown-json'

const renderedText = new WeakMap<Response, string>()

/** Answers with a JSON:API document and the JSON:API content type; shown attributes go out as written. */
export const respond = (c: Context, body: unknown, status: ContentfulStatusCode = 200) => {
  const text = stringifyShown(body)
  const response = c.body(text, status, { 'Content-Type': JSON_API })
  renderedText.set(response, text)
  return response
}

/**
 * The text a response was rendered from, read without turning the server's lightweight response into a
 * full one (which would take it off the node adapter's direct write path).
 */
export async function responseText(response: Response) {
  return renderedText.get(response) ?? (await response.clone().text())
}
