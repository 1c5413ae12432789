import type { MiddlewareHandler } from 'hono'
import { badParameter, notFound } from './problem'

// PostgreSQL text and jsonb cannot hold U+0000

export const refuseNulCharacters: MiddlewareHandler = async (c, next) => {
  const path = new URL(c.req.url).pathname
  if (safeDecode(path).includes('\0')) throw notFound('resource', path)
  for (const [name, values] of Object.entries(c.req.queries()))
    if (name.includes('\0') || values.some((value) => value.includes('\0')))
      throw badParameter(name, `${name.replaceAll('\0', '')} may not contain a NUL character`)
  await next()
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
