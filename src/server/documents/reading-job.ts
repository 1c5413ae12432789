import type { Worker } from 'node:worker_threads'
import type { Reading } from './read-document'
import type { ReadingAnswer, ReadingJob } from './reading-thread'
import { TooComplexError } from './too-complex'
import { UnreadableError } from './unreadable'

type Bounds = { timeoutMs: number; memoryMb: number; closed: () => boolean }

/** A hostile file grows the process by about 1 MB a millisecond: at 25 ms the peak passed the bound by 15 MB. */
const WATCH_MS = 10

/** The document is not at fault. */
export const interrupted = () =>
  Object.assign(new Error('The reading was interrupted: the server stopped'), { name: 'ReadingInterrupted' })

/** pdf.js keeps inflated streams outside the heap, where no heap limit sees them: process growth is watched. */
export function runJob(worker: Worker, job: ReadingJob, bounds: Bounds): Promise<Reading> {
  return new Promise((resolve, reject) => {
    const startRss = process.memoryUsage.rss()
    let settled = false
    const finish = (settle: () => void, end = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      if (end) void worker.terminate()
      settle()
    }
    const fail = (error: Error, end = false) =>
      finish(() => reject(Object.assign(error, { threadEnded: end })), end)
    const timer = setTimeout(
      () => fail(new TooComplexError(`reading took longer than ${bounds.timeoutMs / 1000} s`), true),
      bounds.timeoutMs,
    )
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > bounds.memoryMb * 1024 * 1024)
        fail(new TooComplexError(`reading needed more than ${bounds.memoryMb} MB`), true)
    }, WATCH_MS)
    const onMessage = (answer: ReadingAnswer) =>
      'reading' in answer
        ? finish(() => resolve(answer.reading))
        : fail(
            answer.tooComplex
              ? new TooComplexError(answer.tooComplex)
              : answer.unreadable
                ? new UnreadableError()
                : new Error(answer.error),
          )
    const onError = (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new TooComplexError(`reading needed more than ${bounds.memoryMb} MB`)
          : error,
        true,
      )
    const onExit = () => fail(bounds.closed() ? interrupted() : new Error('The reading thread stopped'), true)
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    worker.postMessage(job, [job.bytes.buffer as ArrayBuffer])
  })
}
