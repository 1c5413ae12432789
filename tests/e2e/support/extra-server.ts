import { type ChildProcess, spawn } from 'node:child_process'

/**
 * Starts another real server (start-server.ts) with its own settings, for a journey the main one cannot
 * show, such as a read-only demo; resolves once it answers.
 */
export async function startExtraServer(
  port: number,
  env: Record<string, string>,
  script = 'tests/e2e/support/start-server.ts',
) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DEMO_SHIPMENTS: '20', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`The extra server stopped: ${output}`)
    if (waited > 120_000) throw new Error(`The extra server did not start: ${output}`)
    if (output.includes('Quayside is running')) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
