import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Email, PostalMimeOptions } from 'postal-mime'
import { parallelLimit } from './parallel-limit'

/** A 25 MB message needs a fraction. */
const TIME_LIMIT_MS = 60_000
const HEAP_LIMIT_MB = 384
/** Each may take a few hundred MB: a flood of large messages must not take them all. */
const inTurn = parallelLimit(2)

// plain CommonJS, so the same code runs under tsx, vitest and the built server
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

/** A 14 MB message takes 0.3–0.7 s, so it never holds the event loop; attachments transferred, not copied. */
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
