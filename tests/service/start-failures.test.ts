import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureCluster } from '../../src/server/storage/pglite-cluster'
import { freePort, runUntilExit } from '../support/server-process'
import { mountRefusal, smallDisk } from '../support/small-disk'

const cannotMount = mountRefusal()
const asRoot = process.getuid?.() === 0
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const disk = (size: string) => {
  const made = smallDisk(size)
  cleanups.push(made.remove)
  return made
}

/** The server started on `env` gave up with one short line that says what to do, and no demo rows. */
async function failsWith(env: Record<string, string>, as?: { uid: number; gid: number }) {
  const { code, output } = await runUntilExit(
    { PORT: String(await freePort()), STATIC_ROOT: 'none', ...env },
    as,
  )
  const lines = output.trim().split('\n')
  expect(code, output.slice(-500)).not.toBe(0)
  expect(Math.max(...lines.map((line) => line.length)), output.slice(-500)).toBeLessThan(300)
  expect(lines.at(-1)).toMatch(/^Cannot start: /)
  return lines.at(-1) as string
}

describe.skipIf(cannotMount)(
  `start-up on a disk that cannot take the data${cannotMount ? ` (skipped: ${cannotMount})` : ''}`,
  // each test starts the real server process: a few seconds alone, more beside other suites on one core
  { timeout: 90_000 },
  () => {
    it('names a read-only DATA_DIR on a first start', async () => {
      const readOnly = disk('1m')
      readOnly.readOnly()
      expect(await failsWith({ DATA_DIR: readOnly.dir })).toBe(
        `Cannot start: ${readOnly.dir} (DATA_DIR) is on a read-only file system. Mount it read-write or set DATA_DIR to a writable directory.`,
      )
    })

    it('names a read-only DATA_DIR holding a database, where PGlite says only that it failed to initialize', async () => {
      const readOnly = disk('64m')
      await ensureCluster(join(readOnly.dir, 'pglite'))
      readOnly.readOnly()
      expect(await failsWith({ DATA_DIR: readOnly.dir })).toMatch(
        /is on a read-only file system\. Mount it read-write/,
      )
    })

    it('names a disk too full for the database, and leaves no half-made database behind', async () => {
      const full = disk('2m')
      expect(await failsWith({ DATA_DIR: full.dir })).toBe(
        `Cannot start: no space left on device in ${full.dir} (DATA_DIR). Free space or set DATA_DIR to another disk.`,
      )
      expect(readdirSync(full.dir)).toEqual([])
    })

    it('names a disk that fills while the demo loads, without printing its rows', async () => {
      const full = disk('60m')
      const line = await failsWith({ DATA_DIR: full.dir, DEMO_SHIPMENTS: '5000' })
      expect(line).toMatch(
        new RegExp(
          `^Cannot start: no space left on device in ${full.dir} \\(DATA_DIR\\).*Free space or set DATA_DIR to another disk\\.$`,
        ),
      )
    }, 180_000)
  },
)

describe('start-up that cannot use its directory, port or database', { timeout: 90_000 }, () => {
  it.skipIf(!asRoot)('names a DATA_DIR the user may not write in (run as nobody)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'quayside-perm-'))
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }))
    const dataDir = join(parent, 'data')
    mkdirSync(dataDir, { mode: 0o755 })
    const nobody = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim())
    expect(
      await failsWith({ DATA_DIR: dataDir, HOME: parent }, { uid: nobody('-u'), gid: nobody('-g') }),
    ).toBe(
      `Cannot start: no permission to write in ${dataDir} (DATA_DIR) as user ${nobody('-u')}. Give this user write access (chown) or set DATA_DIR to a directory it owns.`,
    )
  })

  it('names a port already in use, before loading anything', async () => {
    const taken = createServer()
    const port = await freePort()
    await new Promise<void>((ready) => taken.listen(port, '127.0.0.1', ready))
    cleanups.push(() => taken.close())
    const dataDir = mkdtempSync(join(tmpdir(), 'quayside-port-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    expect(await failsWith({ DATA_DIR: dataDir, PORT: String(port) })).toBe(
      `Cannot start: port ${port} on 127.0.0.1 is already in use. Stop what listens there or set PORT to a free port.`,
    )
    expect(readdirSync(dataDir)).toEqual([])
  })

  it('names a DATABASE_URL nothing answers at, without its password', async () => {
    const port = await freePort()
    const line = await failsWith({ DATABASE_URL: `postgres://quayside:s3cret@127.0.0.1:${port}/tracking` })
    expect(line).toBe(
      `Cannot start: cannot reach PostgreSQL at 127.0.0.1:${port}/tracking (DATABASE_URL): ECONNREFUSED. Start PostgreSQL there or correct DATABASE_URL.`,
    )
  })
})
