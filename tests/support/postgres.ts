import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { findPostgresBinaries } from './postgres-binaries'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

/**
 * Starts a throwaway PostgreSQL server for the test run (as the `postgres` user when running as root,
 * since PostgreSQL refuses root), and returns its URL and a stop function.
 */
export async function startPostgres() {
  const binaries = await findPostgresBinaries()
  let bin = binaries.bin
  const dir = mkdtempSync(join(tmpdir(), 'quayside-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    const result = spawnSync(file, fileArgs, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }
  if (asRoot) {
    // PostgreSQL refuses to run as root; a machine with the binaries but no postgres user gets one
    if (spawnSync('id', ['-u', 'postgres']).status !== 0)
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres'])
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
    // binaries inside a checkout the postgres user cannot enter (under /root, say) run from a copy it can
    if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', join(bin, 'initdb')]).status !== 0) {
      const copy = join(dir, 'postgresql')
      cpSync(dirname(bin), copy, { recursive: true, verbatimSymlinks: true })
      bin = join(copy, 'bin')
    }
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ])
  start()
  console.log(`Test set-up: started PostgreSQL from ${binaries.from} (${bin}) on 127.0.0.1:${port}`)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server cleanly, runs `between` on its data directory (as a restore would), starts it again. */
    restart: (between: (dataDir: string) => void = () => {}) => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      between(data)
      start()
    },
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
