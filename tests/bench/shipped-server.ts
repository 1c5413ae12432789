import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Starts what `npm start` runs (`node dist/server/main.js`, built beforehand) on loopback with its demo
 * data, and resolves once it says `ready` (a ROLE=worker process listens on nothing). Traffic to it stays on 127.0.0.1.
 */
export async function startShippedServer(
  env: Record<string, string>,
  ready = 'Quayside is running',
  nodeOptions: string[] = [],
) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--v8-pool-size=1', ...nodeOptions, 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-bench-')),
        ...env,
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
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}
