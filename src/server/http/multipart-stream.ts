type PartStart = { kind: 'part'; name: string; fileName?: string; contentType: string }
export type MultipartEvent = PartStart | { kind: 'data'; chunk: Uint8Array }

export class MalformedMultipart extends Error {}

const CRLF2 = Buffer.from('\r\n\r\n')
const MAX_HEADER_BYTES = 16 * 1024
const MAX_PARTS = 20

export function boundaryOf(contentType: string) {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2]) : undefined
}

function partStart(block: string): PartStart {
  const headers = new Map<string, string>()
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const disposition = headers.get('content-disposition') ?? ''
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1]
  if (!/^form-data\b/i.test(disposition) || name === undefined)
    throw new MalformedMultipart('A part has no form-data name')
  const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1]
  return { kind: 'part', name, fileName, contentType: headers.get('content-type') ?? 'text/plain' }
}

/** Never the whole body at once; Buffer.indexOf makes a 20 MB file cost a few milliseconds. */
export async function* multipartEvents(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  // lets the first boundary be found like every other
  let buffer: Buffer = Buffer.from('\r\n')
  let state: 'preamble' | 'after-boundary' | 'headers' | 'body' | 'done' = 'preamble'
  let parts = 0
  const input = body[Symbol.asyncIterator]()
  for (;;) {
    if (state === 'preamble' || state === 'body') {
      const at = buffer.indexOf(delimiter)
      if (at >= 0) {
        if (state === 'body' && at > 0) yield { kind: 'data', chunk: buffer.subarray(0, at) }
        buffer = buffer.subarray(at + delimiter.byteLength)
        state = 'after-boundary'
        continue
      }
      const safe = buffer.byteLength - (delimiter.byteLength - 1)
      if (state === 'body' && safe > 0) {
        yield { kind: 'data', chunk: buffer.subarray(0, safe) }
        buffer = buffer.subarray(safe)
      }
    } else if (state === 'after-boundary' && buffer.byteLength >= 2) {
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) state = 'done'
      else if (buffer[0] === 0x0d && buffer[1] === 0x0a) {
        buffer = buffer.subarray(2)
        state = 'headers'
        if (++parts > MAX_PARTS) throw new MalformedMultipart(`More than ${MAX_PARTS} parts`)
      } else throw new MalformedMultipart('A boundary is followed by neither a part nor the end')
      continue
    } else if (state === 'headers') {
      const end = buffer.indexOf(CRLF2)
      if (end >= 0) {
        yield partStart(buffer.subarray(0, end).toString('utf8'))
        buffer = buffer.subarray(end + CRLF2.byteLength)
        state = 'body'
        continue
      }
      if (buffer.byteLength > MAX_HEADER_BYTES) throw new MalformedMultipart("A part's headers are too long")
    }
    if (state === 'done') return
    const next = await input.next()
    if (next.done) throw new MalformedMultipart('The body ends before its closing boundary')
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
    buffer = buffer.byteLength === 0 ? chunk : Buffer.concat([buffer, chunk])
  }
}
