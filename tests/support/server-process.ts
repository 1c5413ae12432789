import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtServer } from './built-server'

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Polls `check` until it gives a value; the error names what was awaited and `progress()`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 90_000,
  progress: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Timed out waiting for ${what} (${progress()})`)
}

/** Node's arguments for the server from its sources, for a benchmark run outside Vitest (which builds it). */
export const FROM_SOURCES = ['--import', 'tsx', 'src/server/main.ts']

/**
 * The real server as its own process, so it can be killed with SIGKILL like a crashing machine: built, as
 * `npm start` runs it, or from `args` (node's arguments).
 */
export async function startProcess(
  env: Record<string, string>,
  ready = 'Quayside is running',
  args?: string[],
) {
  const built = args ? undefined : await builtServer()
  const child = spawn(process.execPath, args ?? built!.args, {
    env: { ...process.env, ...built?.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await until(
    'the server to start',
    async () => (output.includes(ready) ? true : undefined),
    120_000,
    () => output.slice(-500),
  )
  return { child, output: () => output }
}

/** The real server run until it gives up: its exit code and everything it printed. */
export async function runUntilExit(
  env: Record<string, string>,
  as?: { uid: number; gid: number },
  timeoutMs = 120_000,
) {
  const built = await builtServer()
  const child = spawn(process.execPath, built.args, {
    env: { ...process.env, ...built.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      done({ code, output })
    }),
  )
}

/**
 * A Quayside process in simulator mode with its own demo data, for tests that need a Terminal49-shaped
 * upstream with signed webhooks; `drop` kills it and removes its data.
 */
export async function startSimulatorUpstream(apiKey: string, shipments: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-upstream-'))
  const port = await freePort()
  const started = await startProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    DEMO_API_KEY: apiKey,
    DEMO_SHIPMENTS: String(shipments),
    RATE_LIMIT_PER_MINUTE: '100000',
    WEBHOOK_ALLOWLIST: '127.0.0.0/8',
    STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
  })
  const drop = async () => rmSync(dataDir, { recursive: true, force: true })
  return { ...started, port, drop }
}
