import { constants, createInflate, type Inflate } from 'node:zlib'
import { formatCount, TooComplexError } from './too-complex'

const STREAM = Buffer.from('stream')
const IMAGE = /\/Subtype\s*\/Image\b/
/** Deflated streams inside deflated streams (a filter chain) are followed this deep. */
const MOST_LAYERS = 4

const isZlib = (bytes: Uint8Array) =>
  bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0

function dictionaryBefore(bytes: Buffer, from: number, at: number) {
  const before = bytes.toString('latin1', Math.max(from, at - 4096), at)
  return before.slice(Math.max(0, before.lastIndexOf(' obj')))
}

type Counter = { input: Inflate; done: Promise<number> }

/**
 * A deflated stream inflated a chunk at a time, each chunk counted by `spend` (which throws past the
 * budget) and dropped; what it inflates to, when deflated again, is fed on to the next layer as it comes.
 * A bomb's gigabyte is never in memory, nor the budget's worth of small buffers a whole inflation makes,
 * which the allocator keeps resident after they are freed. `done` answers the input bytes the stream took,
 * or 0 when they are not a deflated stream after all.
 */
function inflateCounter(layer: number, spend: (bytes: number) => void): Counter {
  const input = createInflate({ finishFlush: constants.Z_SYNC_FLUSH })
  let head = Buffer.alloc(0)
  let next: Counter | undefined
  const done = new Promise<number>((resolve, reject) => {
    input.on('data', (chunk: Buffer) => {
      try {
        spend(chunk.length)
      } catch (error) {
        input.destroy()
        next?.input.destroy()
        return reject(error)
      }
      if (layer < MOST_LAYERS && head.length < 2) {
        head = Buffer.concat([head, chunk])
        if (head.length < 2 || !isZlib(head)) return
        next = inflateCounter(layer + 1, spend)
        next.done.catch(() => {})
        chunk = head
      }
      // the next layer is fed as it drains (or ends), so this one never runs ahead of it
      if (next && !next.input.destroyed && !next.input.write(chunk)) {
        input.pause()
        const resume = () => input.resume()
        next.input.once('drain', resume).once('close', resume)
      }
    })
    input.on('error', () => resolve(0))
    input.on('end', () => {
      if (!next) return resolve(input.bytesWritten)
      next.input.end()
      next.done.then(() => resolve(input.bytesWritten), reject)
    })
  })
  return { input, done }
}

/**
 * Inflates every deflated stream of a PDF that text reading may decode (not images, which it never
 * decodes), through filter chains, and throws once their sizes together pass `budget`: a 1 MB file can
 * hold a gigabyte of spaces, and pdf.js would hold all of it. Answers the bytes they inflate to.
 */
export async function checkInflatedSize(file: Uint8Array, budget: number) {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
  let total = 0
  const spend = (size: number) => {
    total += size
    if (total > budget)
      throw new TooComplexError(`its streams inflate to more than ${formatCount(budget)} bytes`)
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
    let taken = 0
    if (!image) {
      const counter = inflateCounter(1, spend)
      counter.input.end(data)
      taken = await counter.done
    }
    at = start + taken
    scanned = at
  }
  return total
}
