import type { Context } from 'hono'
import { cleanFileName, fileKindOf } from '../documents/file-kind'
import { type BlobRef, type BlobStore, BlobTooLarge } from '../storage/blob-store'
import { boundaryOf, MalformedMultipart, type MultipartEvent, multipartEvents } from './multipart-stream'
import { problem } from './problem'

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
const MAX_TEXT_BYTES = 64 * 1024

const refuse = (pointer: string, detail: string) => problem(422, { pointer, detail, code: 'invalid' })
const malformed = () =>
  problem(400, { detail: 'The multipart body could not be read', code: 'malformed_body' })

type UploadForm = {
  files: { fileName: string; claimedType: string; blob: BlobRef }[]
  texts: Map<string, string>
}

async function readForm(events: AsyncGenerator<MultipartEvent>, blobs: BlobStore): Promise<UploadForm> {
  const form: UploadForm = { files: [], texts: new Map() }
  let next = await events.next()
  async function* partData() {
    for (;;) {
      next = await events.next()
      if (next.done || next.value.kind !== 'data') return
      yield next.value.chunk
    }
  }
  while (!next.done) {
    const part = next.value
    if (part.kind !== 'part') throw new MalformedMultipart('Bytes outside a part')
    if (part.name === 'file' && part.fileName !== undefined) {
      if (form.files.length > 0) throw refuse('/file', 'Send one file at a time')
      const blob = await blobs.put(partData(), { maxBytes: MAX_UPLOAD_BYTES })
      form.files.push({ fileName: part.fileName, claimedType: part.contentType, blob })
    } else if (part.fileName !== undefined) {
      if (part.name === 'name') throw refuse('/name', 'The name is text')
      for await (const _ of partData());
    } else {
      const chunks: Uint8Array[] = []
      let size = 0
      for await (const chunk of partData()) {
        size += chunk.byteLength
        if (size > MAX_TEXT_BYTES) throw refuse(`/${part.name}`, 'This field is too long')
        chunks.push(chunk)
      }
      form.texts.set(part.name, Buffer.concat(chunks).toString('utf8'))
    }
  }
  return form
}

async function readUploadForm(c: Context, blobs: BlobStore) {
  const boundary = boundaryOf(c.req.header('Content-Type') ?? '')
  const body = c.req.raw.body as AsyncIterable<Uint8Array> | null
  if (!boundary || !body) throw malformed()
  try {
    return await readForm(multipartEvents(body, boundary), blobs)
  } catch (error) {
    if (error instanceof MalformedMultipart) throw malformed()
    if (error instanceof BlobTooLarge)
      throw problem(413, { detail: 'A document is at most 20 MB', code: 'payload_too_large' })
    throw error
  }
}

/** Quayside takes the file itself, not a reference to an earlier upload. */
export async function readDocumentUpload(c: Context, blobs: BlobStore) {
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
  const form = await readUploadForm(c, blobs)
  const [file] = form.files
  if (!file) throw refuse('/file', 'A file is required')
  if (file.blob.size === 0) throw refuse('/file', 'The file is empty')
  // from its bytes, never from its name or claimed type
  const kind = await fileKindOf((await blobs.read(file.blob.sha256)) ?? new Uint8Array(), file.claimedType)
  if (!kind.kept)
    throw refuse(
      '/file',
      `${kind.contentType} is not a document type Quayside keeps (PDF, images, spreadsheets, Word and text are)`,
    )
  const name = form.texts.get('name')?.trim()
  if (name && name.length > 200) throw refuse('/name', 'The name is at most 200 characters')
  const fileName = cleanFileName(file.fileName, 'document')
  return { name: name || fileName, fileName, contentType: kind.contentType, blob: file.blob }
}
