import type { containers, shipments } from '../storage/schema'
import type { Storage, Stores } from '../storage/storage'
import { fleetOf } from '../tracking/plan-shipment'
import { seededRandom } from '../tracking/seeded-random'
import { fleetPositions } from '../tracking/vessel-positions'
import { seedCustomFields } from './custom-field-demo'
import { CUSTOMERS, demoShipments, planningReferenceFrom } from './generate-shipment'
import { referenceRows } from './reference-rows'
import { seedWebhooks } from './webhook-demo'

const DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-00000000d3e0'
const SECOND_ACCOUNT_ID = '00000000-0000-4000-8000-0000000005ec'
export const SECOND_ACCOUNT_KEY_SUFFIX = '-second-account'
export const DEMO_READ_ONLY_KEY_SUFFIX = '-read'

type SeedOptions = {
  shipments: number
  now: Date
  apiKey: string
  seed?: string
  secondAccountShipments?: number
  onProgress?: (message: string) => void
}

// a larger batch loads no faster but holds more in memory
const BATCH = 50

/** What a server with no demo accounts still needs. */
export async function seedReferenceData(storage: Storage) {
  await storage.transaction(async (stores) => {
    await stores.demo.lockLoading()
    await seedReference(stores)
  })
}

async function seedReference(storage: Stores) {
  const reference = referenceRows()
  if (await storage.demo.hasReferenceData()) return reference
  await storage.demo.insert('ports', reference.portRows)
  await storage.demo.insert('terminals', reference.terminalRows)
  await storage.demo.insert('shippingLines', reference.lineRows)
  await storage.demo.insert('vessels', reference.vesselRows)
  return reference
}

async function seedAccount(
  storage: Stores,
  reference: ReturnType<typeof referenceRows>,
  account: { id: string; company_name: string; shipments: number; keys: [string, 'read' | 'write'][] },
  options: SeedOptions,
) {
  const random = seededRandom(
    `${options.seed ?? 'quayside'}:${account.id}:${options.now.toISOString().slice(0, 10)}`,
  )
  await storage.demo.insert('accounts', [{ id: account.id, company_name: account.company_name }])
  for (const [key, scope] of account.keys)
    await storage.apiKeys.create(account.id, `${scope} key`, scope, key)
  await storage.demo.insert('users', [
    {
      id: random.uuid(),
      account_id: account.id,
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana@example.com',
      // the demo's person: the demo sign-in shows her, never a password
      role: 'owner',
      demo: true,
    },
  ])
  const customers = CUSTOMERS.map((company_name) => ({
    id: random.uuid(),
    account_id: account.id,
    company_name,
  }))
  await storage.demo.insert('parties', customers)
  const planning = planningReferenceFrom(reference)
  const nextShipment = demoShipments({
    accountId: account.id,
    now: options.now,
    reference,
    planning,
    customers,
    random,
    count: account.shipments,
  })
  const { featured, featuredRows } = await writeShipments(storage, account, nextShipment, options.onProgress)
  await seedCustomFields(storage, account.id, featured, random)
  await seedWebhooks(storage, account.id, featured.trackingRequests, options.now, random)
  // pdf-lib is loaded only when a demo is made, not at every start
  const { seedDocuments } = await import('./document-demo')
  await seedDocuments(storage, account.id, featuredRows, options.now, random)
}

type DemoShipment = ReturnType<ReturnType<typeof demoShipments>>

/** The first 40 are featured with custom fields, webhooks and documents. */
async function writeShipments(
  storage: Stores,
  account: { company_name: string; shipments: number },
  nextShipment: () => DemoShipment,
  onProgress: SeedOptions['onProgress'],
) {
  const featured = { shipments: [] as string[], containers: [] as string[], trackingRequests: [] as string[] }
  let featuredRows: {
    shipment: typeof shipments.$inferInsert
    containers: (typeof containers.$inferInsert)[]
  }[] = []
  let writing: Promise<void> = Promise.resolve()
  for (let start = 0; start < account.shipments; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, account.shipments - start) }, nextShipment)
    // the next batch is generated while the database writes this one
    await writing
    writing = (async ({ demo }: Stores) => {
      await demo.insert(
        'trackingRequests',
        batch.map((b) => b.trackingRequest),
      )
      await demo.insert(
        'shipments',
        batch.map((b) => b.shipment),
      )
      await demo.insert(
        'containers',
        batch.flatMap((b) => b.containers),
      )
      await demo.insert(
        'transportEvents',
        batch.flatMap((b) => b.transportEvents),
      )
      await demo.insert(
        'rawEvents',
        batch.flatMap((b) => b.rawEvents),
      )
      await demo.insert(
        'changeEvents',
        batch.flatMap((b) => b.changeEvents),
      )
    })(storage)
    if (start === 0)
      featuredRows = batch.slice(0, 12).map((b) => ({ shipment: b.shipment, containers: b.containers }))
    if (start === 0)
      for (const b of batch.slice(0, 40)) {
        featured.shipments.push(b.shipment.id!)
        featured.trackingRequests.push(b.trackingRequest.id!)
        featured.containers.push(...b.containers.map((c) => c.id!))
      }
    onProgress?.(
      `  ${account.company_name}: ${Math.min(start + BATCH, account.shipments)} of ${account.shipments} shipments`,
    )
  }
  await writing
  return { featured, featuredRows }
}

async function positionVessels(storage: Stores, reference: ReturnType<typeof referenceRows>, now: Date) {
  const random = seededRandom('vessel-positions')
  const fleet = fleetOf(planningReferenceFrom(reference))
  for (const vessel of reference.vesselRows) {
    const reportedAt = new Date(now.getTime() - random.int(2, 50) * 60_000)
    const position = fleetPositions(fleet, reportedAt.getTime()).get(vessel.id)
    if (!position) continue
    await storage.demo.placeVessel(vessel.id, {
      latitude: position.latitude,
      longitude: position.longitude,
      navigational_heading_degrees: Math.round(position.headingDegrees) % 360,
      nautical_speed_knots: position.speedKnots,
      position_timestamp: reportedAt,
    })
  }
}

/** A new DEMO_API_KEY on old data still signs in. */
async function ensureDemoKeys(storage: Stores, apiKey: string) {
  await storage.apiKeys.ensure(DEMO_ACCOUNT_ID, 'write key', 'write', apiKey)
  await storage.apiKeys.ensure(DEMO_ACCOUNT_ID, 'read key', 'read', `${apiKey}${DEMO_READ_ONLY_KEY_SUFFIX}`)
  await storage.apiKeys.ensure(
    SECOND_ACCOUNT_ID,
    'write key',
    'write',
    `${apiKey}${SECOND_ACCOUNT_KEY_SUFFIX}`,
  )
}

/** One transaction, so a load is all there or not at all. */
async function loadDemo(stores: Stores, options: SeedOptions) {
  options.onProgress?.('Loading demo data…')
  const reference = await seedReference(stores)
  await seedAccount(
    stores,
    reference,
    {
      id: DEMO_ACCOUNT_ID,
      company_name: 'Harbor Freight Demo Co.',
      shipments: options.shipments,
      keys: [
        [options.apiKey, 'write'],
        [`${options.apiKey}${DEMO_READ_ONLY_KEY_SUFFIX}`, 'read'],
      ],
    },
    options,
  )
  await seedAccount(
    stores,
    reference,
    {
      id: SECOND_ACCOUNT_ID,
      company_name: 'Second Account Ltd.',
      shipments: options.secondAccountShipments ?? 12,
      keys: [[`${options.apiKey}${SECOND_ACCOUNT_KEY_SUFFIX}`, 'write']],
    },
    options,
  )
  await positionVessels(stores, reference, options.now)
}

/** One transaction: a process killed mid-load leaves nothing; processes starting together take turns. */
export async function seedDemo(storage: Storage, options: SeedOptions) {
  const loaded = await storage.transaction(async (stores) => {
    await stores.demo.lockLoading()
    if (await stores.demo.hasAccount(DEMO_ACCOUNT_ID)) {
      if (!(await stores.demo.hasAccount(SECOND_ACCOUNT_ID)))
        throw new Error(
          'The demo data was left half-loaded by an earlier version that was stopped while loading it. ' +
            'Delete DATA_DIR (or empty the database) and start again to load it afresh.',
        )
      return false
    }
    await loadDemo(stores, options)
    return true
  })
  if (loaded) await storage.demo.analyze()
  await ensureDemoKeys(storage, options.apiKey)
  return loaded
}
