import type { Readable } from 'node:stream'

/** A file's bytes, named by their SHA-256 (hex): what the database keeps of a file, with its size. */
export type BlobRef = { sha256: string; size: number }

export type BlobSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>

/**
 * Where file bytes live, addressed by their SHA-256, so the database holds only the reference. The disk
 * store (`createDiskBlobStore`) is the one there is; an S3-compatible store would answer the same calls.
 */
export type BlobStore = {
  /**
   * Keeps the bytes as they stream in, hashing them on the way, and answers their reference once they are
   * durable; the same bytes again are kept once. Past `maxBytes` it stops with BlobTooLarge and keeps nothing.
   */
  put(source: BlobSource, options?: { maxBytes?: number }): Promise<BlobRef>
  open(sha256: string): Promise<Readable | undefined>
  /** All the bytes, in a buffer of their own (transferable to a worker thread), or undefined. */
  read(sha256: string): Promise<Uint8Array | undefined>
}

export class BlobTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`)
  }
}

/** Bytes already in memory as a source for `put`: in slices, so hashing never holds the event loop long. */
export function* slices(bytes: Uint8Array, size = 1024 * 1024) {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size)
}
