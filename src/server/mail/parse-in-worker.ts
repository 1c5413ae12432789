import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Email, PostalMimeOptions } from 'postal-mime'
import { parallelLimit } from './parallel-limit'

/** The longest one message may take to parse, and the heap it may use: a 25 MB message needs a fraction. */
const TIME_LIMIT_MS = 60_000
const HEAP_LIMIT_MB = 384
/** Parses at once: each may take a few hundred MB, and a flood of large messages must not take them all. */
const inTurn = parallelLimit(2)

// plain CommonJS, so the same code runs under tsx, vitest and the built server, with no loader in the thread
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
require(workerData.parser).parse(workerData.raw, workerData.options).then(
  (email) => {
    const buffers = new Set(email.attachments.map((a) => a.content).filter((c) => c instanceof ArrayBuffer))
    parentPort.postMessage({ email }, [...buffers])
  },
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
)`

const parser = createRequire(import.meta.url).resolve('postal-mime')

/**
 * Parses a message with postal-mime in a worker thread, so a large one (a 14 MB message takes 0.3–0.7 s)
 * never holds the event loop; its attachments come back transferred, not copied. Two run at once at most.
 */
export const parseInWorker = (raw: Uint8Array, options: PostalMimeOptions) =>
  inTurn(() => parseInThread(raw, options))

function parseInThread(raw: Uint8Array, options: PostalMimeOptions) {
  return new Promise<Email>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      execArgv: [],
      workerData: { parser, raw, options },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    })
    const timer = setTimeout(() => {
      reject(new Error(`parsing took longer than ${TIME_LIMIT_MS / 1000} s`))
      void worker.terminate()
    }, TIME_LIMIT_MS)
    const settle = () => {
      clearTimeout(timer)
      void worker.terminate()
    }
    worker.once('message', (answer: { email?: Email; error?: string }) => {
      settle()
      if (answer.email) resolve(answer.email)
      else reject(new Error(answer.error))
    })
    worker.once('error', (error) => {
      settle()
      reject(error)
    })
    worker.once('exit', () => {
      settle()
      reject(new Error('the parser stopped before it answered'))
    })
  })
}
