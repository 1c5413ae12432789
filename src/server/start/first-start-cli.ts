import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from '../config'

/**
 * `npm start` runs this before the server. On a first start on PGlite it creates the database and loads the
 * demo in a process of its own, with V8's default young generation: loaded by the server, beside the larger one
 * it keeps for fast renders, the first start's process tree held over 400 MB. Any other start returns at once,
 * and so does a failure: the server then loads the demo itself and says what went wrong.
 */
async function loadFirstStart() {
  const config = readConfig(process.env)
  const fresh =
    !config.databaseUrl &&
    !config.upstreamUrl &&
    config.role !== 'worker' &&
    !existsSync(join(config.dataDir, 'pglite'))
  if (!fresh) return
  const { seedForStart } = await import('./seed-start')
  await withStorage(config, ({ storage, clock }) => seedForStart(config, storage, clock))
  // the demo's emailed documents are read here too, not by the server beside its larger heap (the first
  // start's tree went past 400 MB); after the load's heap and PGlite's memory are given back
  ;(globalThis as { gc?: () => void }).gc?.()
  const { createExtractionWorker } = await import('../documents/extraction-worker')
  await withStorage(config, async ({ storage, clock }) => {
    const extraction = createExtractionWorker({ storage, clock, reading: config.documentReading })
    try {
      await extraction.runDue()
    } finally {
      await extraction.stop()
    }
  })
}

type Opened = Awaited<ReturnType<typeof import('./open-storage').openStorage>>

/** Opened for `use` alone and closed after it, so what it held is given back before the next step. */
async function withStorage(config: ReturnType<typeof readConfig>, use: (opened: Opened) => Promise<unknown>) {
  const { createClosers } = await import('./closers')
  const { openStorage } = await import('./open-storage')
  const closers = createClosers()
  try {
    await use(await openStorage(config, closers))
  } finally {
    await closers.closeAll()
  }
}

if (process.argv[1] === import.meta.filename) await loadFirstStart().catch(() => undefined)
