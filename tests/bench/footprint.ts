/**
 * npm run bench:footprint [-- --settle 60 --budget 400 --restart-budget 300]
 * Runs what ships, `npm start` (the dashboard's build, then the server), on a fresh empty DATA_DIR, then
 * again on the same data. For each it reports when the API first answered (and how much of that was the
 * build), the server process's peak resident memory (VmHWM) and its RSS after `settle` seconds of the
 * tracking engine running, and the most the whole process tree (npm, the build, the server) held at
 * once. Exits 1 when the first start's whole tree peaks over `budget`, or the restart's settled RSS is more
 * than 10% over `restart-budget`.
 * Uses PORT if set, otherwise a free port; all traffic stays on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type ProcessMemory, sampleTree } from './process-tree'

const { values } = parseArgs({
  options: {
    settle: { type: 'string', default: '60' },
    budget: { type: 'string', default: '400' },
    'restart-budget': { type: 'string', default: '300' },
  },
})
const settleMs = Number(values.settle) * 1000
const KEY = 'bench-footprint-key-000000'
const isServer = (process: ProcessMemory) =>
  process.name === 'node' && /server\/main\.[jt]s/.test(process.command)
const isBuild = (process: ProcessMemory) => process.name === 'node' && /\bvite\b/.test(process.command)

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function firstAnswer(port: number, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`)
    const answer = await fetch(`http://127.0.0.1:${port}/v2/shipments?page[size]=1`, {
      headers: { Authorization: `Token ${KEY}` },
    }).catch(() => undefined)
    if (answer?.status === 200) return
    await sleep(50)
  }
}

/** One `npm start` on `dataDir`: until the API answers, then `settleMs` more, then a clean stop. */
async function start(port: number, dataDir: string) {
  const began = performance.now()
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_API_KEY: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const tree = sampleTree(child.pid as number)
  let serverSeenAt: number | undefined
  const watch = setInterval(() => {
    serverSeenAt ??= tree.now().some(isServer) ? performance.now() : undefined
  }, 20)
  try {
    await firstAnswer(port, child, () => output)
    const answeredMs = performance.now() - began
    await sleep(settleMs)
    const server = tree.now().find(isServer)
    if (!server) throw new Error(`No server process in the tree:\n${output}`)
    const processes = tree.processes()
    return {
      answeredS: answeredMs / 1000,
      buildS: ((serverSeenAt ?? began) - began) / 1000,
      serverPeakMb: server.hwmMb,
      serverSettledMb: server.rssMb,
      buildPeakMb: Math.max(0, ...processes.filter(isBuild).map((process) => process.hwmMb)),
      treePeakMb: tree.peakSumMb(),
      processes,
    }
  } finally {
    clearInterval(watch)
    tree.stop()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-(child.pid as number), 'SIGTERM')
    await exited
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`
const port = process.env.PORT ? Number(process.env.PORT) : await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'quayside-bench-footprint-'))
try {
  const first = await start(port, dataDir)
  const restart = await start(port, dataDir)
  const rows: [string, (run: typeof first) => string][] = [
    ['API answered after', (run) => `${run.answeredS.toFixed(1)} s`],
    ['  of which the build', (run) => `${run.buildS.toFixed(1)} s`],
    ['Server peak RSS (VmHWM)', (run) => mb(run.serverPeakMb)],
    [`Server RSS after ${values.settle} s`, (run) => mb(run.serverSettledMb)],
    ['Build peak RSS', (run) => mb(run.buildPeakMb)],
    ['Whole tree at its peak', (run) => mb(run.treePeakMb)],
  ]
  console.log(`${''.padEnd(28)}${'first start'.padStart(14)}${'restart'.padStart(14)}`)
  for (const [label, show] of rows)
    console.log(`${label.padEnd(28)}${show(first).padStart(14)}${show(restart).padStart(14)}`)
  console.log('\nPeak of each process (first start):')
  for (const process of first.processes.filter((p) => p.hwmMb >= 5))
    console.log(`  ${mb(process.hwmMb).padStart(7)}  ${process.command.slice(0, 90)}`)
  // the whole tree is what a small instance must hold: its budget is a limit, not a guide
  const over = [
    { label: 'First start, whole tree at its peak', value: first.treePeakMb, limit: Number(values.budget) },
    {
      label: 'Restart RSS after settling',
      value: restart.serverSettledMb,
      limit: Number(values['restart-budget']) * 1.1,
    },
  ].filter(({ value, limit }) => value > limit)
  for (const { label, value, limit } of over) console.error(`${label}: ${mb(value)} is over ${mb(limit)}`)
  process.exitCode = over.length > 0 ? 1 : 0
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
