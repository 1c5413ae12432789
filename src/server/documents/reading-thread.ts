import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { readDocument } from './read-document'
import { type ReadingLimits, TooComplexError } from './too-complex'
import { UnreadableError } from './unreadable'

export type ReadingJob = { bytes: Uint8Array; contentType: string; limits: ReadingLimits }
export type ReadingAnswer =
  | { reading: Awaited<ReturnType<typeof readDocument>> }
  | { error: string; tooComplex?: string; unreadable?: boolean }

parentPort?.on('message', async (job: ReadingJob) => {
  let answer: ReadingAnswer
  try {
    answer = { reading: await readDocument(job.bytes, job.contentType, job.limits) }
  } catch (error) {
    const message =
      (error instanceof Error ? error.message : String(error)) || 'The document could not be read'
    // a stack overflow from deep nesting is a document too complex, as any limit is
    const tooComplex =
      error instanceof TooComplexError
        ? error.detail
        : error instanceof RangeError
          ? `it could not be read in the memory allowed (${message})`
          : undefined
    answer = { error: message, tooComplex, unreadable: error instanceof UnreadableError }
  }
  parentPort?.postMessage(answer)
})
// on Linux a nice value is per thread: reading yields the CPU to the thread answering requests
try {
  setPriority(19)
} catch {}
parentPort?.postMessage('ready')
