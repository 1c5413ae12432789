import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { startEnv, startFlags } from '../bench/shipped-server'
import { oncePerRun } from './once-per-run'

/** Inside the checkout, so the bundle's imports find node_modules. */
export const builtServerDir = (runId: string) => join('.tmp', `built-server-${runId}`)

/**
 * The server as `npm start` runs it: built by Vite once in the test run, started by plain Node with npm
 * start's flags and environment. Through tsx each start also compiled the sources, 1.5 s of CPU more.
 */
export async function builtServer() {
  const dir = await oncePerRun(builtServerDir(inject('testCache').runId), async (out) => {
    await promisify(execFile)(process.execPath, [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'vite.server.config.ts',
      '--outDir',
      out,
      '--logLevel',
      'warn',
    ])
  })
  return { args: [...startFlags(), join(dir, 'main.js')], env: startEnv(), dir }
}
