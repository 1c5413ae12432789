import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Reading } from './read-document'
import { interrupted, runJob } from './reading-job'
import { READING_LIMITS, type ReadingLimits } from './too-complex'

export type ReaderPoolOptions = {
  threads?: number
  timeoutMs?: number
  memoryMb?: number
  limits?: ReadingLimits
  idleMs?: number
}

/** A worker thread does not take `--import tsx`; pdf.js loads before tsx, which would cost 400 MB and 10 s. */
function threadSource(): [string | URL, { eval?: boolean }] {
  if (!import.meta.url.endsWith('.ts')) return [new URL('./reading-thread.js', import.meta.url), {}]
  const resolve = (name: string) =>
    JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve(name)).href)
  const tsx = resolve('tsx/esm/api').replace(/index\.cjs"$/, 'index.mjs"')
  const entry = JSON.stringify(new URL('./reading-thread.ts', import.meta.url).href)
  const bootstrap = `import(${resolve('pdfjs-dist/legacy/build/pdf.mjs')})
    .then(() => import(${resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')}))
    .then((pdfjsWorker) => { globalThis.pdfjsWorker = pdfjsWorker; return import(${tsx}) })
    .then((tsx) => { tsx.register(); return import(${entry}) })`
  return [bootstrap, { eval: true }]
}

type Thread = { worker: Worker; ready: Promise<void>; idle?: NodeJS.Timeout }

function spawnThread(memoryMb: number): Thread {
  const [source, how] = threadSource()
  const worker = new Worker(source, {
    ...how,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  })
  worker.unref()
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', () => reject(interrupted()))
  })
  ready.catch(() => {})
  return { worker, ready }
}

/** Each job bounded in time, heap and process growth, so a hostile file costs one thread, never the server. */
export function createReaderPool(options: ReaderPoolOptions = {}) {
  const { threads = 1, timeoutMs = 30_000, memoryMb = 96, limits = READING_LIMITS, idleMs = 60_000 } = options
  const free: Thread[] = []
  const busy = new Set<Thread>()
  const waiting: ((thread: Thread) => void)[] = []
  let closed = false

  async function take() {
    const thread = free.pop()
    if (thread) {
      clearTimeout(thread.idle)
      return thread
    }
    if (busy.size < threads) return spawnThread(memoryMb)
    return new Promise<Thread>((resolve) => waiting.push(resolve))
  }

  function give(thread: Thread, healthy: boolean) {
    busy.delete(thread)
    if (!healthy || closed) {
      void thread.worker.terminate()
      const next = waiting.shift()
      if (next && !closed) next(spawnThread(memoryMb))
      return
    }
    const next = waiting.shift()
    if (next) return next(thread)
    thread.idle = setTimeout(() => {
      free.splice(free.indexOf(thread), 1)
      void thread.worker.terminate()
    }, idleMs).unref()
    free.push(thread)
  }

  async function read(bytes: Uint8Array, contentType: string): Promise<Reading> {
    if (closed) throw interrupted()
    const thread = await take()
    busy.add(thread)
    try {
      await thread.ready
    } catch (error) {
      give(thread, false)
      throw closed ? interrupted() : error
    }
    const job = new Uint8Array(bytes)
    const outcome = runJob(
      thread.worker,
      { bytes: job, contentType, limits },
      { timeoutMs, memoryMb, closed: () => closed },
    )
    outcome.then(
      () => give(thread, true),
      (error: { threadEnded?: boolean }) => give(thread, !error.threadEnded),
    )
    return outcome
  }

  return {
    read,
    async close() {
      closed = true
      await Promise.all([...free, ...busy].map((thread) => thread.worker.terminate()))
      free.length = 0
    },
  }
}
