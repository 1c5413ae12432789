import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

export type Encoding = 'br' | 'gzip'

/** A compressed frame and the CPU it costs save less than a packet. */
const COMPRESS_FROM_BYTES = 1024

const COMPRESSIBLE = /json|text|javascript|xml/i

export function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    weights.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

/** Brotli at a middle quality costs about what gzip does. */
export function compress(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const out =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(body, { level: 6 })
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export const worthCompressing = (contentType: string, bytes: number) =>
  bytes >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(contentType)

export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next()
  const contentType = c.res.headers.get('Content-Type') ?? ''
  if (c.req.method === 'HEAD' || c.res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(contentType))
    return
  c.res.headers.append('Vary', 'Accept-Encoding')
  const encoding = encodingFor(c.req.header('Accept-Encoding'))
  const declared = c.res.headers.get('Content-Length')
  if (!encoding || !c.res.body || (declared !== null && Number(declared) < COMPRESS_FROM_BYTES)) return
  const { status, headers } = c.res
  const body = new Uint8Array(await c.res.arrayBuffer())
  const compressed = body.byteLength >= COMPRESS_FROM_BYTES
  if (compressed) {
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
  }
  // Hono's setter would copy the old response's headers onto the new one
  c.res = undefined
  c.res = new Response(compressed ? compress(body, encoding) : body, { status, headers })
}
