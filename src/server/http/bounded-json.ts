import type { Context } from 'hono'
import { problem } from './problem'

/** A JSON:API document needs about six levels. */
export const MAX_JSON_DEPTH = 64

type Frame = { array: boolean; key: string; index: number; expectKey: boolean }

export type JsonScan = {
  tooDeep?: string[]
  /** PostgreSQL text cannot store U+0000. */
  nul?: string[]
}

const pathOf = (stack: Frame[]) => stack.map((frame) => (frame.array ? String(frame.index) : frame.key))

function stringEnd(text: string, start: number) {
  let nul = false
  for (let i = start + 1; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === 0x22) return { end: i + 1, nul }
    if (char === 0) nul = true
    if (char === 0x5c) {
      if (text[i + 1] === 'u' && text.slice(i + 2, i + 6) === '0000') nul = true
      i++
    }
  }
  return { end: text.length, nul }
}

const decodeKey = (literal: string) => {
  try {
    return String(JSON.parse(literal))
  } catch {
    return literal.slice(1, -1)
  }
}

/** No recursion and no parsing; `JSON.parse` judges malformed text after. */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonScan {
  const stack: Frame[] = []
  let nul: string[] | undefined
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    const top = stack.at(-1)
    if (char === '"') {
      const literal = stringEnd(text, i)
      const isKey = top !== undefined && !top.array && top.expectKey
      if (isKey) top.key = decodeKey(text.slice(i, literal.end))
      if (literal.nul && !nul) nul = pathOf(stack)
      i = literal.end - 1
    } else if (char === '{' || char === '[') {
      if (stack.length >= maxDepth) return { tooDeep: pathOf(stack), nul }
      stack.push({ array: char === '[', key: '', index: 0, expectKey: char === '{' })
    } else if (char === '}' || char === ']') stack.pop()
    else if (char === ',' && top) {
      if (top.array) top.index++
      else top.expectKey = true
    } else if (char === ':' && top) top.expectKey = false
  }
  return { nul }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
/** A body without a Content-Type is read as JSON too. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

const pointerOf = (parts: string[]) =>
  parts.map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')

/** Invalid UTF-8 is refused: nothing is silently replaced. */
async function bodyText(c: Context) {
  const type = c.req.header('Content-Type')
  if (type !== undefined && !JSON_TYPE.test(type))
    throw problem(415, {
      detail: 'Send the body as application/vnd.api+json or application/json',
      code: 'unsupported_media_type',
    })
  try {
    return utf8.decode(await c.req.arrayBuffer())
  } catch {
    throw problem(400, { detail: 'The request body is not valid UTF-8', pointer: '', code: 'malformed_json' })
  }
}

/** Depth is scanned before parsing so no deep document reaches a recursive walk. */
export async function readBoundedJson(c: Context): Promise<{ json: unknown; nulPointer?: string }> {
  const text = await bodyText(c)
  const scan = scanJson(text)
  if (scan.tooDeep)
    throw problem(400, {
      detail: `The body nests deeper than ${MAX_JSON_DEPTH} levels`,
      pointer: pointerOf(scan.tooDeep),
      code: 'too_deep',
    })
  try {
    const json: unknown = text.trim() === '' ? undefined : JSON.parse(text)
    return { json, nulPointer: scan.nul && pointerOf(scan.nul) }
  } catch {
    throw problem(400, { detail: 'The request body is not valid JSON', pointer: '', code: 'malformed_json' })
  }
}
