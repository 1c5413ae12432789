import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { samplePdf } from '../support/mail-fixtures'

const KEY = 'smtp-crash-key-00000000'
// the SMTP ports this suite may use (HTTP takes any free port)
const SMTP_PORT = 2541

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

/** The real server as its own process, listening for mail, so it can be killed like a crashing machine. */
async function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await until('the server to listen for mail', async () => (output.includes('by SMTP on') ? true : undefined))
  return child
}

describe('inbound mail through a crash', () => {
  const running: ChildProcess[] = []
  const dir = mkdtempSync(join(tmpdir(), 'quayside-smtp-crash-'))
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps a message the listener said OK to, when the process is killed with SIGKILL right after', {
    timeout: 300_000,
  }, async () => {
    const port = await freePort()
    const env = {
      DATA_DIR: dir,
      PORT: String(port),
      SMTP_PORT: String(SMTP_PORT),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '5',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    }
    const account = await startProcess(env)
    running.push(account)
    const api = (path: string) =>
      fetch(`http://127.0.0.1:${port}/v2${path}`, { headers: { Authorization: `Token ${KEY}` } }).then((r) =>
        r.json(),
      )
    const inbound = (await api('/account')).data.attributes.inbound_email_address
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: SMTP_PORT,
      secure: false,
      ignoreTLS: true,
    })
    const info = await transport.sendMail({
      from: 'docs@line.example',
      to: inbound,
      subject: 'Sent just before the crash',
      text: 'Arrival notice attached.',
      attachments: [{ filename: 'notice.pdf', content: Buffer.from(await samplePdf(['ARRIVAL NOTICE'])) }],
    })
    account.kill('SIGKILL')
    expect(info.response).toMatch(/^250 /)
    await new Promise((resolve) => account.once('exit', resolve))

    const again = await startProcess(env)
    running.push(again)
    const list = await api('/email_submissions?page[size]=100')
    const kept = list.data.find(
      (s: { attributes: { subject: string } }) => s.attributes.subject === 'Sent just before the crash',
    )
    expect(kept?.attributes.documents_count).toBe(1)
  })
})
