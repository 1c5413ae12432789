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
  const { createClosers } = await import('./closers')
  const { openStorage } = await import('./open-storage')
  const { seedForStart } = await import('./seed-start')
  const closers = createClosers()
  try {
    const { storage, clock } = await openStorage(config, closers)
    await seedForStart(config, storage, clock)
  } finally {
    await closers.closeAll()
  }
}

if (process.argv[1] === import.meta.filename) await loadFirstStart().catch(() => undefined)
