import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startProcess, until } from '../support/server-process'

const KEY = 'smtp-flood-key-000000000'
const IDLE_SECONDS = 5

/** A raw SMTP client that only says EHLO and then NOOP every second: it holds a connection and sends nothing. */
function idleClient(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' })
  const state = { text: '', closed: false, openedAt: Date.now(), closedAt: 0 }
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    if (!state.text) socket.write('EHLO idle.example\r\n')
    state.text += chunk
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    state.closed = true
    state.closedAt = Date.now()
  })
  const noop = setInterval(() => {
    if (!state.closed && state.text.startsWith('220')) socket.write('NOOP\r\n')
  }, 1_000)
  const stop = () => {
    clearInterval(noop)
    socket.destroy()
  }
  return { state, stop }
}

describe('an SMTP flood, on a real server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-smtp-flood-'))
  let child: ChildProcess | undefined
  let port = 0
  let httpPort = 0
  let inbound = ''
  const api = async (path: string) =>
    (
      await fetch(`http://127.0.0.1:${httpPort}/v2${path}`, { headers: { Authorization: `Token ${KEY}` } })
    ).json()

  beforeAll(async () => {
    ;[httpPort, port] = [await freePort(), await freePort()]
    const started = await startProcess(
      {
        DATA_DIR: dir,
        PORT: String(httpPort),
        SMTP_PORT: String(port),
        SMTP_IDLE_SECONDS: String(IDLE_SECONDS),
        DEMO_API_KEY: KEY,
        DEMO_SHIPMENTS: '5',
        STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
      },
      // not 'by SMTP on': the HTTP listener the next line asks comes up after the SMTP one
    )
    child = started.child
    inbound = (await api('/account')).data.attributes.inbound_email_address
  }, 180_000)
  afterAll(() => {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('still answers a legitimate sender 250 and stores its message, while idle connections and a burst go on', {
    timeout: 120_000,
  }, async () => {
    const idle = Array.from({ length: 25 }, () => idleClient(port))
    await until('every idle connection to be answered', async () =>
      idle.every((client) => client.state.text.length > 0) ? true : undefined,
    )
    const greeted = idle.filter((client) => client.state.text.startsWith('220'))

    // a burst of 200 messages from one sender and address, over five connections
    const flood = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      localAddress: '127.0.0.3',
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 5,
    })
    const burstStarted = Date.now()
    const burst = Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        flood.sendMail({ from: 'bulk@spam.example', to: inbound, subject: `Flood ${i}`, text: 'Buy now.' }),
      ),
    )
    const legitimate = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      localAddress: '127.0.0.2',
      secure: false,
      ignoreTLS: true,
    })
    const info = await legitimate.sendMail({
      from: 'docs@line.example',
      to: inbound,
      subject: 'Arrival notice during a flood',
      text: 'Your container arrives Tuesday.',
    })
    expect(info.response).toMatch(/^250 /)
    // one address holds at most SMTP_CONNECTIONS_PER_ADDRESS (10); the rest are told to come back later
    expect(greeted).toHaveLength(10)
    expect(idle.filter((client) => client.state.text.startsWith('421'))).toHaveLength(15)

    const results = await burst
    flood.close()
    const accepted = results.filter((r) => r.status === 'fulfilled').length
    const deferred = results.filter(
      (r) => r.status === 'rejected' && /^451/.test(String((r.reason as { response?: string }).response)),
    ).length
    console.log(
      `burst of 200 from one sender: ${accepted} accepted, ${deferred} deferred with 451, in ${Date.now() - burstStarted} ms`,
    )
    // SMTP_MESSAGES_PER_SENDER_PER_MINUTE (30), plus at most the messages already in flight on its connections
    expect(accepted).toBeGreaterThanOrEqual(30)
    expect(accepted).toBeLessThanOrEqual(35)
    const other = results.flatMap((r) =>
      r.status === 'rejected' && !/^451/.test(String((r.reason as { response?: string }).response))
        ? [String((r.reason as Error).message)]
        : [],
    )
    expect(other).toEqual([])
    expect(accepted + deferred).toBe(200)

    const list = await api('/email_submissions?page[size]=100&q=Arrival%20notice%20during')
    expect(list.data.map((s: { attributes: { subject: string } }) => s.attributes.subject)).toContain(
      'Arrival notice during a flood',
    )

    // NOOP is no progress: every idle connection is closed with 421 within the idle time, NOOPs or not
    await until(
      'the idle connections to be closed',
      async () => (greeted.every((client) => client.state.closed) ? true : undefined),
      (IDLE_SECONDS + 10) * 1000,
    )
    for (const client of greeted) {
      expect(client.state.text).toMatch(/\r\n421 .*No mail sent for 5 s/)
      expect(client.state.closedAt - client.state.openedAt).toBeLessThan((IDLE_SECONDS + 5) * 1000)
    }
    for (const client of idle) client.stop()
  })
})
