import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import config from '../../vitest.config'

describe('files that share a process', () => {
  it('start from the time zone and globals the process began with, whatever the file before changed', async () => {
    // fails without the set-up file: the second file would find the first's time zone and fetch
    const run = await promisify(execFile)(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'tests/support/shared-process-checks/vitest.config.ts',
      ],
      { env: { ...process.env, TZ: 'UTC', CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' } },
    ).catch((error: { stdout: string; stderr: string }) => error)
    expect(`${run.stdout}${run.stderr}`).toMatch(/Tests\s+2 passed/)
  }, 60_000)

  it('are the shared project, which runs the set-up file', () => {
    const projects = (config.test?.projects ?? []) as { test?: { name?: string; setupFiles?: string[] } }[]
    const shared = projects.find((project) => project.test?.name === 'shared')
    expect(shared?.test?.setupFiles).toEqual(['tests/support/shared-process.ts'])
  })
})
