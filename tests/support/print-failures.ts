// CI prints only the tail of a run, and the two suites run side by side, so a failure scrolls out of sight.
// After a failed `npm test`, this prints each failing test and the start of its error, last.
import { existsSync, readFileSync } from 'node:fs'

const MAX_ERROR_LINES = 25

type Failure = { suite: string; title: string; error: string }

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

type VitestReport = {
  testResults?: {
    name: string
    message?: string
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
}

function vitestFailures(report: VitestReport | undefined): Failure[] {
  const failures: Failure[] = []
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed)
      failures.push({
        suite: 'unit',
        title: `${file.name} › ${test.fullName}`,
        error: (test.failureMessages ?? []).join('\n'),
      })
    if (failed.length === 0 && file.message)
      failures.push({ suite: 'unit', title: file.name, error: file.message })
  }
  return failures
}

type PlaywrightSpec = {
  title: string
  file: string
  tests: { results: { status: string; error?: { message?: string; stack?: string } }[] }[]
}
type PlaywrightSuite = { title: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] }
type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: { message?: string }[] }

function playwrightFailures(report: PlaywrightReport | undefined): Failure[] {
  const failures: Failure[] = []
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const bad = test.results.find((result) => result.status !== 'passed' && result.status !== 'skipped')
        if (bad)
          failures.push({
            suite: 'e2e',
            title: [...path, spec.title].join(' › '),
            error: `${bad.status}: ${bad.error?.stack ?? bad.error?.message ?? ''}`,
          })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report?.suites ?? []) walk(suite, [suite.title])
  for (const error of report?.errors ?? [])
    failures.push({ suite: 'e2e', title: 'outside any test', error: error.message ?? '' })
  return failures
}

const failures = [
  ...vitestFailures(readJson('.tmp/reports/unit.json') as VitestReport | undefined),
  ...playwrightFailures(readJson('.tmp/reports/e2e.json') as PlaywrightReport | undefined),
]
console.log(`\n==== failing tests: ${failures.length} (details above in each suite's output) ====`)
for (const failure of failures) {
  console.log(`\n[${failure.suite}] ${failure.title}`)
  console.log(failure.error.split('\n').slice(0, MAX_ERROR_LINES).join('\n'))
}
