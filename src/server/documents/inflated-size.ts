import { constants, inflateSync } from 'node:zlib'
import { formatCount, TooComplexError } from './too-complex'

const STREAM = Buffer.from('stream')
const IMAGE = /\/Subtype\s*\/Image\b/
/** Deflated streams inside deflated streams (a filter chain) are followed this deep. */
const MOST_LAYERS = 4

const isZlib = (bytes: Uint8Array) =>
  bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0

/** The dictionary before a `stream` keyword: back to its object's start, never past `from` nor 4 KB. */
function dictionaryBefore(bytes: Buffer, from: number, at: number) {
  const before = bytes.toString('latin1', Math.max(from, at - 4096), at)
  return before.slice(Math.max(0, before.lastIndexOf(' obj')))
}

/**
 * Inflates every deflated stream of a PDF that text reading may decode (not images, which it never
 * decodes), through filter chains, and throws once their sizes together pass `budget`: a 1 MB file can
 * hold a gigabyte of spaces, and pdf.js would hold all of it. Answers the bytes they inflate to.
 */
export function checkInflatedSize(file: Uint8Array, budget: number) {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
  let total = 0
  const inflate = (data: Uint8Array, layer: number): number => {
    if (layer > MOST_LAYERS || !isZlib(data)) return 0
    let result: { buffer: Buffer; engine: { bytesWritten: number } }
    try {
      result = inflateSync(data, {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: Math.max(1, budget - total + 1),
        info: true,
      }) as unknown as typeof result
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new TooComplexError(`its streams inflate to more than ${formatCount(budget)} bytes`)
      return 0
    }
    total += result.buffer.length
    if (total > budget)
      throw new TooComplexError(`its streams inflate to more than ${formatCount(budget)} bytes`)
    inflate(result.buffer, layer + 1)
    return result.engine.bytesWritten
  }
  // each byte is looked at a bounded number of times: a dictionary is read back only to the stream before
  let scanned = 0
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + 1)) {
    let start = at + STREAM.length
    if (bytes[start] === 0x0d) start++
    if (bytes[start] === 0x0a) start++
    const data = bytes.subarray(start)
    if (start === at + STREAM.length || !isZlib(data)) continue
    const image = IMAGE.test(dictionaryBefore(bytes, scanned, at))
    at = start + (image ? 0 : inflate(data, 1))
    scanned = at
  }
  return total
}
