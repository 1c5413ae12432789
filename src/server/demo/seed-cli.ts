import { parseArgs } from 'node:util'
import { systemClock } from '../clock'
import { readConfig } from '../config'
import { openDatabase } from '../storage/database'
import { createDiskBlobStore } from '../storage/disk-blob-store'
import { createStorage } from '../storage/storage'
import { seedDemo } from './seed'

const { values } = parseArgs({
  options: { shipments: { type: 'string', default: '300' }, key: { type: 'string' } },
})
const shipments = Number(values.shipments)
if (!Number.isInteger(shipments) || shipments < 1) {
  console.error('--shipments must be a positive whole number')
  process.exit(2)
}
const config = readConfig(process.env)
const apiKey = values.key ?? config.demoApiKey ?? 'bench-demo-key-000000'
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
const started = Date.now()
const seeded = await seedDemo(createStorage(database, systemClock, createDiskBlobStore(config.blobDir)), {
  shipments,
  now: new Date(),
  apiKey,
  onProgress: (message) => console.log(message),
})
console.log(
  seeded
    ? `Seeded ${shipments} shipments in ${((Date.now() - started) / 1000).toFixed(1)} s. API key: ${apiKey}`
    : 'The demo account already exists; nothing was loaded.',
)
await database.close()
