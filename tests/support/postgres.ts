import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

/** Debian's PostgreSQL binaries, newest version first. */
function findBinaries() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

/**
 * Starts a throwaway PostgreSQL server for the test run (as the `postgres` user when running as root,
 * since PostgreSQL refuses root), and returns its URL and a stop function.
 */
export async function startPostgres() {
  const bin = findBinaries()
  if (!bin)
    throw new Error(
      'PostgreSQL is needed for the service tests: install it with `apt-get install -y postgresql` or set TEST_DATABASE_URL',
    )
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
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
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
  console.log(`Test set-up: started PostgreSQL from ${bin} on 127.0.0.1:${port}`)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
