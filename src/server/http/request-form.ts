import type { Context } from 'hono'
import { problem } from './problem'

const refuse = (pointer: string, detail: string) => problem(422, { pointer, detail, code: 'invalid' })

export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

export const messageTooLarge = () =>
  problem(413, { detail: 'An email is at most 25 MB', code: 'payload_too_large' })

const MESSAGE_HEAD_BYTES = 8192

/** Posted whole, as mail providers forward inbound mail; streamed, never held in memory at once. */
export async function openRawMessage(c: Context) {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'message/rfc822')
    throw problem(415, {
      detail: 'Send the email itself, as it arrived, with Content-Type: message/rfc822',
      code: 'unsupported_media_type',
    })
  const reader = c.req.raw.body?.getReader()
  const first: Uint8Array[] = []
  let size = 0
  let ended = !reader
  while (reader && !ended && size < MESSAGE_HEAD_BYTES) {
    const next = await reader.read()
    if (next.done) ended = true
    else {
      first.push(next.value)
      size += next.value.byteLength
    }
  }
  if (size === 0) throw refuse('', 'The message is empty')
  async function* body() {
    try {
      yield* first
      while (reader && !ended) {
        const next = await reader.read()
        if (next.done) return
        yield next.value
      }
    } finally {
      await reader?.cancel().catch(() => {})
    }
  }
  return { head: Buffer.concat(first).subarray(0, MESSAGE_HEAD_BYTES), body: body() }
}
