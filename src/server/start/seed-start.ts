import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Clock } from '../clock'
import type { ProcessConfig } from '../config'
import { seedDemo, seedReferenceData } from '../demo/seed'
import type { Storage } from '../storage/storage'

/** Kept beside the data so a restart signs in with the same key. */
function demoKeyFor(dataDir: string, configured: string | undefined) {
  if (configured) return configured
  const file = join(dataDir, 'demo-api-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const key = `demo_${randomBytes(18).toString('base64url')}`
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  return key
}

export async function seedForStart(config: ProcessConfig, storage: Storage, clock: Clock) {
  if (config.upstream) {
    await seedReferenceData(storage)
    return undefined
  }
  const apiKey = demoKeyFor(config.dataDir, config.demoApiKey)
  const seeded = await seedDemo(storage, {
    shipments: config.demoShipments,
    now: clock.now(),
    apiKey,
    onProgress: (message) => console.log(message),
  })
  if (seeded) console.log(`Loaded demo data: ${config.demoShipments} shipments.`)
  return apiKey
}
