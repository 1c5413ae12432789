import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { samplePdf } from '../support/mail-fixtures'
import { freePort, startProcess } from '../support/server-process'

const KEY = 'smtp-crash-key-00000000'
// the SMTP ports this suite may use (HTTP takes any free port)
const SMTP_PORT = 2541

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
    // the HTTP listener comes up after the SMTP one, so wait for the line that follows both
    const { child: account } = await startProcess(env)
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

    const { child: again } = await startProcess(env)
    running.push(again)
    const list = await api('/email_submissions?page[size]=100')
    const kept = list.data.find(
      (s: { attributes: { subject: string } }) => s.attributes.subject === 'Sent just before the crash',
    )
    expect(kept?.attributes.documents_count).toBe(1)
  })
})
