import { adjustableClock, scaledClock, systemClock } from '../clock'
import type { ProcessConfig } from '../config'
import { openDatabase } from '../storage/database'
import { createDiskBlobStore } from '../storage/disk-blob-store'
import { moveBytesToBlobs } from '../storage/legacy-blobs'
import { createStorage } from '../storage/storage'
import type { Closers } from './closers'

export async function openStorage(config: ProcessConfig, closers: Closers) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  })
  closers.first(() => database.close())
  const blobs = createDiskBlobStore(config.blobDir)
  await blobs.removeAbandoned()
  const moved = await moveBytesToBlobs(database.db, blobs)
  if (moved > 0) console.log(`Moved ${moved} files from the database into ${config.blobDir}.`)
  // a fast-forwarded demo carries on from where its data got to, not from today
  const resumeAt = await createStorage(database, systemClock, blobs).tracking.simulatedUntil()
  const running =
    config.clockSpeed === 1 && resumeAt.getTime() <= Date.now()
      ? systemClock
      : scaledClock(config.clockSpeed, resumeAt)
  const adjustable = config.clockControl ? adjustableClock(running) : undefined
  const clock = adjustable ?? running
  const storage = createStorage(database, clock, blobs, {
    attributeTextBytes: config.attributeTextCacheMb * 1024 * 1024,
  })
  return { database, storage, clock, advanceClock: adjustable?.advance }
}
