import type { ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { composeMessage } from '../support/mail-fixtures'
import { processDatabase } from '../support/process-database'
import { freePort, startProcess, until } from '../support/server-process'

const KEY = 'blob-crash-key-000000000'
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Files under the blob directory by path relative to it, partial ones in tmp/ included. */
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))

describe.each(DATABASE_KINDS)('an upload cut off by kill -9 on %s', (kind) => {
  const running: ChildProcess[] = []
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL')
    for (const cleanup of cleanups) await cleanup()
  })

  it('leaves no half file at a hash and no record of it; the next start clears the partial file', {
    timeout: 240_000,
  }, async () => {
    const database = await processDatabase(kind, 'quayside-blob-crash-')
    cleanups.push(database.drop)
    const blobDir = join(database.dir, 'blobs')
    const port = await freePort()
    const env = {
      ...database.env,
      PORT: String(port),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '5',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    }
    const first = await startProcess(env)
    running.push(first.child)
    const api = (path: string) =>
      fetch(`http://127.0.0.1:${port}/v2${path}`, { headers: { Authorization: `Token ${KEY}` } })
    const inbound = (await (await api('/account')).json()).data.attributes.inbound_email_address
    const raw = await composeMessage({
      from: 'docs@line.example',
      to: inbound,
      subject: 'Cut off',
      attachments: [{ filename: 'scan.bin', content: randomBytes(8 * 1024 * 1024) }],
    })
    // the length of the whole message declared, half of it sent, then nothing more: the server is killed
    // while it is writing it (a body without a length is held whole in memory by the body limit first)
    const upload = new Promise<Error>((resolve) => {
      const request = httpRequest(`http://127.0.0.1:${port}/v2/email_submissions`, {
        method: 'POST',
        headers: {
          Authorization: `Token ${KEY}`,
          'Content-Type': 'message/rfc822',
          'Content-Length': String(raw.byteLength),
        },
      })
      request.on('error', resolve)
      request.on('response', () => resolve(new Error('answered before the whole message was sent')))
      request.write(raw.subarray(0, raw.byteLength / 2))
    })
    const partial = await until('a partial file in the blob directory', async () => {
      const found = filesIn(blobDir).find((name) => name.startsWith('tmp/'))
      return found && statSync(join(blobDir, found)).size >= raw.byteLength / 4 ? found : undefined
    })
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    expect((await upload).message).toMatch(/socket hang up|ECONNRESET/)

    // every file at a hash's place holds the bytes of that hash; the partial one is only in tmp/
    for (const name of filesIn(blobDir).filter((file) => !file.startsWith('tmp/')))
      expect(sha256(readFileSync(join(blobDir, name)))).toBe(name.replace('/', ''))
    expect(filesIn(blobDir)).toContain(partial)

    const second = await startProcess(env)
    running.push(second.child)
    expect(filesIn(blobDir).filter((name) => name.startsWith('tmp/'))).toEqual([])
    const submissions = (await (await api('/email_submissions?page[size]=100')).json()).data
    expect(submissions.map((s: { attributes: { subject: string } }) => s.attributes.subject)).not.toContain(
      'Cut off',
    )
    // no reference without its file: every document the account has downloads whole
    const documents = (await (await api('/documents?page[size]=100')).json()).data as { id: string }[]
    expect(documents.length).toBeGreaterThan(0)
    for (const document of documents) {
      const response = await api(`/documents/${document.id}/download`)
      expect(response.status).toBe(200)
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect(bytes.byteLength).toBe(Number(response.headers.get('content-length')))
    }
  })
})
