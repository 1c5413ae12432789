/**
 * npm run bench:fleet [-- --shipments 100000]
 * The 100,000-shipment benchmark seed holds to one fleet and one schedule: generates the demo account's
 * shipments in memory exactly as `seedDemo` does for the benchmark (same stream, same order) and checks
 * what tests/support/fleet-truth.ts checks, printing how long generating and checking took. Too slow for
 * the unit suite (minutes), so it runs here; the unit suite checks the 300-shipment demo.
 */
import { parseArgs } from 'node:util'
import { CUSTOMERS, demoShipments, planningReferenceFrom } from '../../src/server/demo/generate-shipment'
import { referenceRows } from '../../src/server/demo/reference-rows'
import { fleetOf } from '../../src/server/tracking/plan-shipment'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { fleetTruth, type Generated, nothingFromTheFuture } from '../support/fleet-truth'

const { values } = parseArgs({ options: { shipments: { type: 'string', default: '100000' } } })
const count = Number(values.shipments)
const now = new Date()
const reference = referenceRows()
const planning = planningReferenceFrom(reference)
const accountId = '00000000-0000-4000-8000-00000000d3e0'
const random = seededRandom(`quayside:${accountId}:${now.toISOString().slice(0, 10)}`)
random.uuid() // the demo user, as the loader draws it
const customers = CUSTOMERS.map((company_name) => ({ id: random.uuid(), company_name }))
const next = demoShipments({ accountId, now, reference, planning, customers, random, count })

const started = performance.now()
const problems: string[] = []
// each shipment's rows are checked as they are made; only its plan and arrival are kept for the rest
const kept: Generated[] = []
for (let n = 0; n < count; n++) {
  const made = next() as unknown as Generated
  nothingFromTheFuture([made], now.getTime(), problems)
  const { pod_eta_at, pod_original_eta_at, pod_ata_at } = made.shipment
  kept.push({
    plan: { ...made.plan, containers: [] },
    shipment: { pod_eta_at, pod_original_eta_at, pod_ata_at },
    containers: [],
    transportEvents: [],
    rawEvents: [],
  })
  if ((n + 1) % 10_000 === 0) process.stdout.write(`\r  ${n + 1} of ${count} shipments generated   `)
}
const generated = performance.now()
const result = fleetTruth(fleetOf(planning), kept, now.getTime())
problems.push(...result.problems)
const checked = performance.now()
console.log(
  `\n${count} shipments: generated in ${((generated - started) / 1000).toFixed(0)} s, checked in ${((checked - generated) / 1000).toFixed(1)} s; ` +
    `${result.legs} distinct legs on ${result.voyages} voyages of ${result.vessels} vessels`,
)
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`)
console.log(problems.length === 0 ? 'One fleet, one schedule: holds.' : `${problems.length} problems`)
process.exitCode = problems.length === 0 ? 0 : 1
