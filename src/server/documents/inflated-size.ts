import { constants, createInflate, type Inflate } from 'node:zlib'
import { formatCount, TooComplexError } from './too-complex'

const STREAM = Buffer.from('stream')
const IMAGE = /\/Subtype\s*\/Image\b/
const MOST_LAYERS = 4

const isZlib = (bytes: Uint8Array) =>
  bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0

function dictionaryBefore(bytes: Buffer, from: number, at: number) {
  const before = bytes.toString('latin1', Math.max(from, at - 4096), at)
  return before.slice(Math.max(0, before.lastIndexOf(' obj')))
}

type Counter = { input: Inflate; done: Promise<number> }

/** A bomb's gigabyte is never in memory: each chunk is counted by `spend` (which throws) and dropped. */
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
      // so this layer never runs ahead of the next
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

/** A 1 MB file can hold a gigabyte of spaces, and pdf.js would hold all of it. Images are never decoded. */
export async function checkInflatedSize(file: Uint8Array, budget: number) {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
  let total = 0
  const spend = (size: number) => {
    total += size
    if (total > budget)
      throw new TooComplexError(`its streams inflate to more than ${formatCount(budget)} bytes`)
  }
  // each byte is looked at a bounded number of times
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
