import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that took longest in CI (fresh clone, beside the journeys, 27 November 2026), longest first. A
 * fresh clone has no timings cached, and Vitest then starts the largest files first: the 100,000-shipment
 * seed check, a small file of 48 s, ran alone at the end while the other worker sat idle.
 */
const SLOWEST = [
  'tests/service/hostile-documents.test.ts',
  'tests/service/webhook-crash.test.ts',
  'tests/service/demo-crash.test.ts',
  'tests/service/connected-account.test.ts',
  'tests/service/tracking-lifecycle.test.ts',
  'tests/service/auth-matrix.test.ts',
  'tests/service/large-mail.test.ts',
  'tests/service/upstream-connections.test.ts',
  'tests/service/three-processes.test.ts',
  'tests/service/hostile-input.test.ts',
  'tests/service/demo-visitors.test.ts',
  'src/server/demo/benchmark-seed-fleet.test.ts',
]

/** Vitest's order (failed, then slowest cached, then largest), with the files known to be slowest first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`))
      return at < 0 ? SLOWEST.length : at
    }
    const ordered = await super.sort(files)
    return ordered
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file)
  }
}
