import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { watchStalls } from './stall-watch'

/**
 * A server whose /block spins its event loop for `ms` of its own CPU time (not wall time, which on a loaded
 * machine holds less work: a pinned run saw 430 ms of CPU in 700 ms) and whose / answers at once.
 */
const SERVER = `
const http = require('node:http')
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
const server = http.createServer((req, res) => {
  const ms = Number(new URL(req.url, 'http://x').searchParams.get('block') ?? 0)
  const until = cpuMs() + ms
  while (cpuMs() < until) {}
  res.end('ok')
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
`

let child: ChildProcess | undefined
afterEach(() => child?.kill('SIGKILL'))

async function spinner() {
  child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [port] = (await once(child.stdout!, 'data')) as [Buffer]
  const url = `http://127.0.0.1:${String(port).trim()}`
  return { pid: child.pid!, url, ask: (path = '/') => fetch(`${url}${path}`).then((r) => r.text()) }
}

describe('watchStalls', () => {
  it('weighs a wait by the work the event loop did meanwhile: a blocked loop is busy as long as it blocks', async () => {
    const server = await spinner()
    const watch = watchStalls(() => server.ask(), server.pid, 10)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await server.ask('/?block=700')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const stalls = await watch.stop()
    expect(stalls.busiestMs).toBeGreaterThanOrEqual(500)
    expect(stalls.longestMs).toBeGreaterThanOrEqual(500)
    expect(stalls.failures).toBe(0)
  })

  it('an idle loop is not busy, however long the wait: a stopped process waits without working', async () => {
    const server = await spinner()
    const watch = watchStalls(() => server.ask(), server.pid, 10)
    await new Promise((resolve) => setTimeout(resolve, 100))
    // SIGSTOP stands in for a machine whose cores are all taken: the wait grows, the loop's CPU does not
    process.kill(server.pid, 'SIGSTOP')
    await new Promise((resolve) => setTimeout(resolve, 700))
    process.kill(server.pid, 'SIGCONT')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const stalls = await watch.stop()
    expect(stalls.longestMs).toBeGreaterThanOrEqual(500)
    expect(stalls.busiestMs).toBeLessThan(200)
  })
})
