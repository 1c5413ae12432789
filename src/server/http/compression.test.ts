import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compressResponses, encodingFor } from './compression'

describe('the encoding a client accepts', () => {
  it('prefers brotli, then gzip, and honours q-values and the wildcard', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br')
    expect(encodingFor('gzip, br;q=0')).toBe('gzip')
    expect(encodingFor('br;q=0, gzip;q=0')).toBeUndefined()
    expect(encodingFor('*')).toBe('br')
    expect(encodingFor('identity')).toBeUndefined()
    expect(encodingFor(undefined)).toBeUndefined()
  })
})

describe('compressed responses', () => {
  const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: String(i), type: 'x' })) })
  const app = new Hono()
  app.use(compressResponses)
  app.get('/big', (c) => c.body(big, 200, { 'Content-Type': 'application/vnd.api+json' }))
  app.get('/small', (c) => c.json({ ok: true }))
  app.get('/pdf', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'application/pdf' }))

  it('compresses a large JSON:API document with brotli or gzip as accepted, and says it varies', async () => {
    const br = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.byteLength).toBeLessThan(big.length / 4)
    expect(brotliDecompressSync(brBytes).toString()).toBe(big)
    const gzip = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(big)
  })

  it('sends the document as it is to a client that accepts no compression', async () => {
    const plain = await app.request('/big')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(big)
  })

  it('leaves small documents and binary files uncompressed', async () => {
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } })
    expect(small.headers.get('Content-Encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    const pdf = await app.request('/pdf', { headers: { 'Accept-Encoding': 'br' } })
    expect(pdf.headers.get('Content-Encoding')).toBeNull()
    expect((await pdf.arrayBuffer()).byteLength).toBe(4096)
  })
})
