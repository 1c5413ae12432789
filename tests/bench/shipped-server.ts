import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function startCommand() {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
  const command = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.start)
  if (!command) throw new Error(`npm start no longer runs node dist/server/main.js: ${scripts.start}`)
  return { env: command[1], flags: command[2] }
}

/** The flags `npm start` gives node, read from package.json so a benchmark runs the server as it ships. */
export function startFlags() {
  return startCommand().flags.split(' ').filter(Boolean)
}

/** The environment `npm start` sets for node (such as MALLOC_ARENA_MAX), read from package.json. */
export function startEnv(): Record<string, string> {
  const pairs = startCommand().env.split(' ').filter(Boolean)
  // a value may hold '=' itself (GLIBC_TUNABLES): the name ends at the first one
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

/**
 * Starts what `npm start` runs (`node dist/server/main.js`, built beforehand) on loopback with its demo
 * data, and resolves once it says `ready` (a ROLE=worker process listens on nothing). Traffic to it stays on 127.0.0.1.
 */
export async function startShippedServer(
  env: Record<string, string>,
  ready = 'Quayside is running',
  nodeOptions: string[] = [],
) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'quayside-bench-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags(), ...nodeOptions, 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        ...env,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise<void>((listening, fail) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      if (output.includes(ready)) listening()
    })
    child.once('exit', (code) =>
      fail(new Error(`the server exited (${code}) before it listened:\n${output}`)),
    )
  })
  return {
    child,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}
