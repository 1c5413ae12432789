import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from '../config'

type Config = ReturnType<typeof readConfig>

/** Left by the load for the step that reads the demo's emailed documents, in a process of its own. */
const documentsPending = (config: Config) => join(config.dataDir, 'first-start-documents')

/**
 * `npm start` runs this before the server. On a first start on PGlite it creates the database and loads the
 * demo in a process of its own, with V8's default young generation: loaded by the server, beside the larger one
 * it keeps for fast renders, the first start's process tree held over 400 MB. Any other start returns at once,
 * and so does a failure: the server then loads the demo itself and says what went wrong.
 */
async function loadFirstStart(config: Config) {
  const fresh =
    !config.databaseUrl &&
    !config.upstreamUrl &&
    config.role !== 'worker' &&
    !existsSync(join(config.dataDir, 'pglite'))
  if (!fresh) return
  const { seedForStart } = await import('./seed-start')
  await withStorage(config, ({ storage, clock }) => seedForStart(config, storage, clock))
  writeFileSync(documentsPending(config), '')
}

/**
 * `npm start`'s next step (`--documents`) reads the demo's emailed documents. In the loading process, after
 * its heap and PGlite's memory were given back, it still peaked at 350 MB beside npm's 60 (bench:footprint,
 * 406 MB against 400); on its own it peaks near 270. Without the mark a restart returns at once; should it
 * fail, the server reads them.
 */
async function readFirstDocuments(config: Config) {
  if (!existsSync(documentsPending(config))) return
  try {
    const { createExtractionWorker } = await import('../documents/extraction-worker')
    console.log("Reading the demo's emailed documents…")
    await withStorage(config, async ({ storage, clock }) => {
      const extraction = createExtractionWorker({ storage, clock, reading: config.documentReading })
      try {
        console.log(`Read ${await extraction.runDue()} documents.`)
      } finally {
        await extraction.stop()
      }
    })
  } finally {
    rmSync(documentsPending(config), { force: true })
  }
}

type Opened = Awaited<ReturnType<typeof import('./open-storage').openStorage>>

/** Opened for `use` alone and closed after it. */
async function withStorage(config: Config, use: (opened: Opened) => Promise<unknown>) {
  const { createClosers } = await import('./closers')
  const { openStorage } = await import('./open-storage')
  const closers = createClosers()
  try {
    await use(await openStorage(config, closers))
  } finally {
    await closers.closeAll()
  }
}

if (process.argv[1] === import.meta.filename) {
  const step = process.argv.includes('--documents') ? readFirstDocuments : loadFirstStart
  await step(readConfig(process.env)).catch(() => undefined)
}
