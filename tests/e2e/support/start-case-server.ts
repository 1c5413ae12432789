/**
 * A real server for the per-case journey: a fresh demo whose account also holds one shipment per case of the
 * one table of cases (src/contract/container-state-cases.ts), each container written with the table's
 * attributes at today's now, at a terminal named as the table names it. Its clock is the wall clock, as the
 * browser's is, so both read the cases at the same now.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { systemClock } from '../../../src/server/clock'
import { seedDemo } from '../../../src/server/demo/seed'
import { startServer } from '../../../src/server/main'
import { openDatabase } from '../../../src/server/storage/database'
import { createDiskBlobStore } from '../../../src/server/storage/disk-blob-store'
import { createStorage } from '../../../src/server/storage/storage'
import { CASES_CUSTOMER_ID, stateCases } from '../pages/state-case-containers'

const KEY = process.env.DEMO_API_KEY ?? 'e2e-demo-key-0000000000'
const dataDir = mkdtempSync(join(tmpdir(), 'quayside-e2e-cases-'))
const now = new Date()

const database = await openDatabase({ dataDir })
const storage = createStorage(database, systemClock, createDiskBlobStore(join(dataDir, 'blobs')))
await seedDemo(storage, { shipments: 20, now, apiKey: KEY })
const accountId = (await storage.apiKeys.authenticate(KEY))!.accountId
const la = (await storage.reference.allPorts()).find((p) => p.code === 'USLAX')!
const terminalId = '00000000-0000-4000-8000-0000000ca400'
await storage.demo.insert('terminals', [{ id: terminalId, port_id: la.id, name: 'Pier 400' }])
await storage.demo.insert('parties', [
  { id: CASES_CUSTOMER_ID, account_id: accountId, company_name: 'Table of Cases Co.' },
])
// a line without a detention tariff, so each case's own empty deadline (or none) stands as the table gives it
await storage.demo.insert('shippingLines', [
  {
    id: '00000000-0000-4000-8000-0000000ca5ee',
    scac: 'QCSE',
    name: 'Table of Cases Line',
    detention_tariffs: null,
  },
])
const cases = stateCases(now)
await storage.demo.insert(
  'shipments',
  cases.map((c) => ({
    id: c.shipmentId,
    account_id: accountId,
    bill_of_lading_number: c.billOfLading,
    normalized_number: c.billOfLading,
    shipping_line_scac: 'QCSE',
    customer_id: CASES_CUSTOMER_ID,
    customer_name: 'Table of Cases Co.',
    port_of_discharge_id: la.id,
    port_of_discharge_locode: la.code,
    port_of_discharge_name: la.name,
    pod_terminal_id: terminalId,
    created_at: new Date(now.getTime() - 20 * 86_400_000),
    updated_at: new Date(now.getTime() - 86_400_000),
  })),
)
await storage.demo.insert(
  'containers',
  cases.map((c) => ({
    id: c.containerId,
    account_id: accountId,
    shipment_id: c.shipmentId,
    number: c.number,
    pod_terminal_id: terminalId,
    created_at: new Date(now.getTime() - 20 * 86_400_000),
    updated_at: new Date(now.getTime() - 86_400_000),
    // a batch's rows share its columns: what a case leaves out is written as the column's default would be
    current_status: c.attributes.available_for_pickup ? 'available' : 'not_available',
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    available_for_pickup: false,
    availability_known: true,
    pod_full_out_at: null,
    empty_terminated_at: null,
    final_destination_timezone: null,
    import_deadlines: null,
    pickup_lfd_source: null,
    pickup_lfd_checked_at: null,
    ...c.attributes,
  })) as never,
)
await storage.board.mergeCounts()
await database.close()

await startServer({
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_API_KEY: KEY,
  DEMO_SHIPMENTS: '20',
  RATE_LIMIT_PER_MINUTE: '100000',
  SESSION_STARTS_PER_MINUTE: '100000',
  DEMO_SESSION_REQUESTS_PER_MINUTE: '100000',
  DEMO_ADDRESS_REQUESTS_PER_MINUTE: '100000',
  DEMO_REQUESTS_PER_MINUTE: '100000',
  CLOCK_SPEED: '1',
})
