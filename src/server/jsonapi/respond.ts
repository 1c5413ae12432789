import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { JSON_API } from '../../contract/document'
import { stringifyShown } from './shown-json'

const renderedText = new WeakMap<Response, string>()

export const respond = (c: Context, body: unknown, status: ContentfulStatusCode = 200) => {
  const text = stringifyShown(body)
  const response = c.body(text, status, { 'Content-Type': JSON_API })
  renderedText.set(response, text)
  return response
}

/** Without turning the lightweight response into a full one, which would leave the adapter's direct write path. */
export async function responseText(response: Response) {
  return renderedText.get(response) ?? (await response.clone().text())
}
