import type { ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { composeMessage } from '../support/mail-fixtures'
import { processDatabase } from '../support/process-database'
import { freePort, startProcess } from '../support/server-process'
import { watchStalls } from '../support/stall-watch'

const KEY = 'large-mail-key-000000000'
/** The most CPU the server's event loop may spend during one concurrent GET /v2/account, as for hostile documents. */
const BUSIEST_LOOP_MS = 400
/** A backstop on the wall clock, far above any queue for a core. */
const LONGEST_WAIT_MS = 10_000

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Every file kept in the blob directory (not the partial ones in tmp/). */
const blobFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp'))
    .map((entry) => join(entry.parentPath, entry.name))

/** A PNG of `size` bytes: a real signature and header, then one private chunk of random bytes (cheap to read). */
function largePng(size: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)])
  }
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('quAy', randomBytes(size - 57)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Asks GET /v2/account again and again while `work` runs (and 1.5 s after: reading the attachment, say).
 * A wait counts as a stall by what the server's event loop did during it, not by the wall clock, which on
 * a machine shared with other work also measures the queue for a core (tests/support/stall-watch.ts).
 */
async function waitsDuring<T>(port: number, pid: number, work: () => Promise<T>) {
  const probe = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v2/account`, {
      headers: { Authorization: `Token ${KEY}` },
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`GET /v2/account answered ${response.status}`)
  }
  const watch = watchStalls(probe, pid)
  const result = await work().catch(async (error) => {
    await watch.stop()
    throw error
  })
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return { result, ...(await watch.stop()) }
}

const said = (
  kind: string,
  what: string,
  stalls: { longestMs: number; busiestMs: number; failures: number },
) =>
  `${kind}: ${what}, longest GET /v2/account ${stalls.longestMs} ms (loop busy ${stalls.busiestMs} ms), ${stalls.failures} failed`

function expectNoStall(stalls: { longestMs: number; busiestMs: number; failures: number }) {
  expect(stalls.failures).toBe(0)
  expect(stalls.busiestMs).toBeLessThan(BUSIEST_LOOP_MS)
  expect(stalls.longestMs).toBeLessThan(LONGEST_WAIT_MS)
}

describe.each(DATABASE_KINDS)('a 14 MB email on %s', (kind) => {
  let server: ChildProcess
  let port = 0
  let smtpPort = 0
  let inbound = ''
  let blobDir = ''
  let drop = async () => {}
  const pid = () => server.pid as number
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}/v2${path}`, {
      ...init,
      headers: { Authorization: `Token ${KEY}`, ...init.headers },
    })

  beforeAll(async () => {
    const database = await processDatabase(kind, 'quayside-large-mail-')
    drop = database.drop
    blobDir = join(database.dir, 'blobs')
    port = await freePort()
    smtpPort = await freePort()
    const started = await startProcess({
      ...database.env,
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '5',
      RATE_LIMIT_PER_MINUTE: '100000',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    })
    server = started.child
    inbound = (await (await api('/account')).json()).data.attributes.inbound_email_address
    // the demo's own documents are read at start: let that finish before anything is timed
    await new Promise((resolve) => setTimeout(resolve, 3000))
  }, 180_000)
  afterAll(async () => {
    server?.kill('SIGKILL')
    await drop()
  })

  const message = (subject: string, attachment: Buffer) =>
    composeMessage({
      from: 'docs@line.example',
      to: inbound,
      subject,
      text: 'The scan is attached.',
      attachments: [{ filename: 'scan.png', content: attachment, contentType: 'image/png' }],
    })

  async function documentsOf(subject: string) {
    const list = await (await api('/email_submissions?include=documents&page[size]=100')).json()
    const submission = list.data.find(
      (s: { attributes: { subject: string } }) => s.attributes.subject === subject,
    )
    const ids = new Set(submission.relationships.documents.data.map((d: { id: string }) => d.id))
    return list.included.filter((d: { id: string }) => ids.has(d.id)) as { id: string }[]
  }

  async function downloaded(id: string) {
    const response = await api(`/documents/${id}/download`)
    expect(response.status).toBe(200)
    return new Uint8Array(await response.arrayBuffer())
  }

  it('takes it over HTTP while GET /v2/account never waits on a busy event loop', {
    timeout: 180_000,
  }, async () => {
    const attachment = largePng(10_300_000)
    const raw = new Uint8Array(await message('Large scan over HTTP', attachment))
    expect(raw.byteLength).toBeGreaterThan(14_000_000)
    const { result, ...stalls } = await waitsDuring(port, pid(), () =>
      api('/email_submissions', {
        method: 'POST',
        headers: { 'Content-Type': 'message/rfc822' },
        body: raw,
      }),
    )
    console.log(said(kind, '14 MB email over HTTP', stalls))
    expect(result.status).toBe(201)
    expectNoStall(stalls)
    const [document] = await documentsOf('Large scan over HTTP')
    expect(sha256(await downloaded(document.id))).toBe(sha256(attachment))
  })

  it('takes it over SMTP while GET /v2/account never waits on a busy event loop', {
    timeout: 180_000,
  }, async () => {
    const attachment = largePng(10_300_000)
    const raw = await message('Large scan over SMTP', attachment)
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    })
    const { result, ...stalls } = await waitsDuring(port, pid(), () =>
      transport.sendMail({ envelope: { from: 'docs@line.example', to: [inbound] }, raw }),
    )
    console.log(said(kind, '14 MB email over SMTP', stalls))
    expect(result.response).toMatch(/^250 /)
    expectNoStall(stalls)
    const [document] = await documentsOf('Large scan over SMTP')
    expect(sha256(await downloaded(document.id))).toBe(sha256(attachment))
  })

  it('takes a 14 MB upload while GET /v2/account never waits on a busy event loop', {
    timeout: 180_000,
  }, async () => {
    const file = largePng(14_000_000)
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'large-scan.png')
    // encoded before the clock starts, so only the server's pauses are timed
    const encoded = new Request('http://encode/', { method: 'POST', body: form })
    const body = new Uint8Array(await encoded.arrayBuffer())
    const headers = { 'Content-Type': encoded.headers.get('Content-Type') as string }
    const { result, ...stalls } = await waitsDuring(port, pid(), () =>
      api('/documents', { method: 'POST', headers, body }),
    )
    console.log(said(kind, '14 MB upload', stalls))
    expect(result.status).toBe(201)
    expectNoStall(stalls)
    const { data } = await result.json()
    expect(sha256(await downloaded(data.id))).toBe(sha256(file))
  })

  it('keeps an attachment sent twice as one file that both documents refer to', {
    timeout: 60_000,
  }, async () => {
    const attachment = largePng(300_000)
    for (const subject of ['The scan', 'The scan again'])
      expect(
        (
          await api('/email_submissions', {
            method: 'POST',
            headers: { 'Content-Type': 'message/rfc822' },
            body: new Uint8Array(await message(subject, attachment)),
          })
        ).status,
      ).toBe(201)
    const documents = [...(await documentsOf('The scan')), ...(await documentsOf('The scan again'))]
    expect(documents.map((d) => d.id)).toHaveLength(2)
    for (const document of documents) expect(sha256(await downloaded(document.id))).toBe(sha256(attachment))
    const copies = blobFiles(blobDir).filter((file) => sha256(readFileSync(file)) === sha256(attachment))
    expect(copies).toHaveLength(1)
  })
})
