import type { Readable } from 'node:stream'

export type BlobRef = { sha256: string; size: number }

export type BlobSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>

/** The database holds only the reference; an S3-compatible store would answer the same calls. */
export type BlobStore = {
  /** Durable before it answers; the same bytes are kept once; past `maxBytes`, BlobTooLarge and nothing kept. */
  put(source: BlobSource, options?: { maxBytes?: number }): Promise<BlobRef>
  open(sha256: string): Promise<Readable | undefined>
  /** In a buffer of its own, transferable to a worker thread. */
  read(sha256: string): Promise<Uint8Array | undefined>
}

export class BlobTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`)
  }
}

/** In slices, so hashing never holds the event loop long. */
export function* slices(bytes: Uint8Array, size = 1024 * 1024) {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size)
}
