/**
 * npm run bench:fleet [-- --shipments 100000]
 * The 100,000-shipment benchmark seed holds to one fleet and one schedule: generates the demo account's
 * shipments in memory exactly as `seedDemo` does for the benchmark (same stream, same order) and checks
 * what tests/support/fleet-truth.ts checks, printing how long generating and checking took. The unit
 * suite runs the same check over 100,000 (src/server/demo/benchmark-seed-fleet.test.ts); this prints timings.
 */
import { parseArgs } from 'node:util'
import { checkDemoSeed } from '../support/fleet-truth'

const { values } = parseArgs({ options: { shipments: { type: 'string', default: '100000' } } })
const count = Number(values.shipments)
const started = performance.now()
const result = checkDemoSeed(count, new Date(), (made) =>
  process.stdout.write(`\r  ${made} of ${count} shipments generated   `),
)
const total = performance.now() - started
console.log(
  `\n${count} shipments: generated in ${((total - result.checkMs) / 1000).toFixed(0)} s, checked in ${(result.checkMs / 1000).toFixed(1)} s; ` +
    `${result.legs} distinct legs on ${result.voyages} voyages of ${result.vessels} vessels`,
)
for (const problem of result.problems.slice(0, 20)) console.log(`  ${problem}`)
console.log(
  result.problems.length === 0 ? 'One fleet, one schedule: holds.' : `${result.problems.length} problems`,
)
process.exitCode = result.problems.length === 0 ? 0 : 1
