import type { Context } from 'hono'
import { cleanFileName, fileKindOf } from '../documents/file-kind'
import { problem } from './problem'

const refuse = (pointer: string, detail: string) => problem(422, { pointer, detail, code: 'invalid' })

/**
 * Reads a document upload (multipart/form-data with `file` and an optional `name`). A JSON body is
 * refused with what to send instead: Quayside takes the file itself, not a reference to an earlier upload.
 */
export async function readDocumentUpload(c: Context) {
  const type = c.req.header('Content-Type') ?? ''
  if (/json/i.test(type))
    throw refuse(
      '/data/attributes/attached_document',
      'Quayside has no direct uploads to refer to: send the file itself as multipart/form-data, in a field called file',
    )
  if (!/^multipart\/form-data/i.test(type))
    throw problem(415, {
      detail: 'Send the document as multipart/form-data, the file in a field called file',
    })
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch {
    throw problem(400, { detail: 'The multipart body could not be read', code: 'malformed_body' })
  }
  const file = form.file
  if (!(file instanceof File))
    throw refuse('/file', Array.isArray(file) ? 'Send one file at a time' : 'A file is required')
  if (file.size === 0) throw refuse('/file', 'The file is empty')
  const bytes = new Uint8Array(await file.arrayBuffer())
  // what the file is comes from its bytes, never from its name or the type the client claims
  const kind = await fileKindOf(bytes, file.type)
  if (!kind.kept)
    throw refuse(
      '/file',
      `${kind.contentType} is not a document type Quayside keeps (PDF, images, spreadsheets, Word and text are)`,
    )
  const name = typeof form.name === 'string' ? form.name.trim() : undefined
  if (form.name !== undefined && typeof form.name !== 'string') throw refuse('/name', 'The name is text')
  if (name && name.length > 200) throw refuse('/name', 'The name is at most 200 characters')
  const fileName = cleanFileName(file.name, 'document')
  return { name: name || fileName, fileName, contentType: kind.contentType, bytes }
}

/** Most an inbound message may weigh, over HTTP as over SMTP. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

export const messageTooLarge = () =>
  problem(413, { detail: 'An email is at most 25 MB', code: 'payload_too_large' })

/** How much of a raw message is looked at before it is kept: its header lines. */
const MESSAGE_HEAD_BYTES = 8192

/**
 * Opens a raw mail message (`message/rfc822`) posted whole, as mail providers forward inbound mail: its
 * first bytes to look at, and the whole body as a stream (those bytes first), never held in memory at once.
 */
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
