import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { boundaryOf, MalformedMultipart, multipartEvents } from './multipart-stream'

/** The body and Content-Type a browser's fetch sends for this form. */
async function encoded(form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form })
  return {
    body: Buffer.from(await request.arrayBuffer()),
    boundary: boundaryOf(request.headers.get('Content-Type') ?? '') as string,
  }
}

async function* inPieces(bytes: Buffer, sizes: () => number) {
  for (let at = 0; at < bytes.byteLength; ) {
    const size = sizes()
    yield new Uint8Array(bytes.subarray(at, at + size))
    at += size
  }
}

/** Every part as its headers and its bytes joined. */
async function partsOf(chunks: AsyncIterable<Uint8Array>, boundary: string) {
  const parts: { name: string; fileName?: string; contentType: string; bytes: Buffer }[] = []
  for await (const event of multipartEvents(chunks, boundary))
    if (event.kind === 'part') {
      const { kind: _, ...start } = event
      parts.push({ ...start, bytes: Buffer.alloc(0) })
    } else parts[parts.length - 1].bytes = Buffer.concat([parts[parts.length - 1].bytes, event.chunk])
  return parts.map(({ bytes, ...part }) => ({ ...part, bytes: bytes.toString('base64') }))
}

describe('multipartEvents', () => {
  it('reads every part whole however the body is cut into pieces, boundaries split included', async () => {
    const file = randomBytes(300_000)
    const form = new FormData()
    form.set('name', 'Bill of lading – MEDU1234567')
    form.set('file', new Blob([file], { type: 'application/pdf' }), 'bl.pdf')
    const { body, boundary } = await encoded(form)
    const expected = [
      {
        name: 'name',
        fileName: undefined,
        contentType: 'text/plain',
        bytes: Buffer.from('Bill of lading – MEDU1234567').toString('base64'),
      },
      { name: 'file', fileName: 'bl.pdf', contentType: 'application/pdf', bytes: file.toString('base64') },
    ]
    expect(
      await partsOf(
        inPieces(body, () => 64 * 1024),
        boundary,
      ),
    ).toEqual(expected)
    expect(
      await partsOf(
        inPieces(body, () => 1 + Math.floor(Math.random() * 97)),
        boundary,
      ),
    ).toEqual(expected)
  })

  it('refuses a body that ends before its closing boundary, or has no parts at all', async () => {
    const form = new FormData()
    form.set('file', new Blob([randomBytes(1000)]), 'a.bin')
    const { body, boundary } = await encoded(form)
    await expect(
      partsOf(
        inPieces(body.subarray(0, 900), () => 100),
        boundary,
      ),
    ).rejects.toBeInstanceOf(MalformedMultipart)
    await expect(
      partsOf(
        inPieces(Buffer.from('just text'), () => 4),
        boundary,
      ),
    ).rejects.toBeInstanceOf(MalformedMultipart)
  })

  it('finds the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123')
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c')
    expect(boundaryOf('multipart/form-data')).toBeUndefined()
  })
})
