import type { Context } from 'hono'
import { problem } from './problem'

/** The file types a document may be: what people attach to shipping emails. */
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/tiff',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
])

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
  const contentType = file.type.split(';')[0].trim().toLowerCase()
  if (!DOCUMENT_TYPES.has(contentType))
    throw refuse(
      '/file',
      `${contentType || 'This kind of file'} is not a document type Quayside keeps (PDF, images, spreadsheets, Word and text are)`,
    )
  const name = typeof form.name === 'string' ? form.name.trim() : undefined
  if (form.name !== undefined && typeof form.name !== 'string') throw refuse('/name', 'The name is text')
  if (name && name.length > 200) throw refuse('/name', 'The name is at most 200 characters')
  const fileName =
    [...file.name]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
      .join('')
      .trim() || 'document'
  return {
    name: name || fileName,
    fileName,
    contentType,
    bytes: new Uint8Array(await file.arrayBuffer()),
  }
}
