import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CurrentAccountDocumentSchema } from '../../src/contract/account'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { EmailSubmissionDocumentSchema } from '../../src/contract/email-submissions'
import { createSmtpListener } from '../../src/server/mail/smtp-listener'
import { DATABASE_KINDS } from '../support/databases'
import { composeMessage, samplePdf } from '../support/mail-fixtures'
import { OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const DOMAIN = 'quayside.localhost'

describe.each(DATABASE_KINDS)('inbound email on %s', (kind) => {
  let service: Service
  let inbound: string
  const post = (raw: string | Buffer, key?: string) =>
    service.call('POST', '/v2/email_submissions', {
      key,
      body: raw.toString(),
      headers: { 'Content-Type': 'message/rfc822' },
    })
  const submission = (body: unknown) => parsed(EmailSubmissionDocumentSchema, body)

  beforeAll(async () => {
    service = await startService(kind)
    const account = parsed(CurrentAccountDocumentSchema, (await service.get('/v2/account')).body)
    inbound = account.data.attributes.inbound_email_address!
  })
  afterAll(() => service?.stop())

  it('gives each account its own inbound address on the inbound domain', async () => {
    expect(inbound).toBe(`harbor-freight-demo-co@${DOMAIN}`)
    const other = parsed(CurrentAccountDocumentSchema, (await service.get('/v2/account', OTHER_KEY)).body)
    expect(other.data.attributes.inbound_email_address).toMatch(new RegExp(`@${DOMAIN}$`))
    expect(other.data.attributes.inbound_email_address).not.toBe(inbound)
  })

  it('turns a posted message into a submission with a document per attachment, typed by its bytes', async () => {
    const notice = await samplePdf(['Arrival notice', 'Container MSKU1234565'])
    const raw = await composeMessage({
      from: 'Docs Desk <docs@line.example>',
      to: inbound,
      cc: 'broker@customs.example',
      subject: 'Arrival notice MSKU1234565',
      date: new Date('2026-11-21T09:00:00Z'),
      messageId: '<an-1@line.example>',
      text: 'Attached: the arrival notice.',
      html: '<p>Attached: the <b>arrival notice</b>. <img src="cid:logo@line"></p>',
      attachments: [
        { filename: 'notice.txt.pdf', content: Buffer.from(notice), contentType: 'text/plain' },
        {
          filename: 'rates.bin',
          content: 'Container,Rate\nMSKU1234565,120\n',
          contentType: 'application/octet-stream',
        },
        { filename: 'logo.png', cid: 'logo@line', content: PIXEL },
        { filename: 'run.exe', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00', 'latin1') },
      ],
    })
    const response = await post(raw)
    expect(response.status).toBe(201)
    const document = submission(response.body)
    expect(document.data.attributes).toMatchObject({
      subject: 'Arrival notice MSKU1234565',
      from: ['docs@line.example'],
      to: [inbound],
      cc: ['broker@customs.example'],
      sent_at: '2026-11-21T09:00:00Z',
      message_id: '<an-1@line.example>',
      content_type: 'multipart/mixed',
      documents_count: 2,
    })
    expect(document.data.attributes.body).toContain('Attached: the arrival notice.')
    expect(document.data.attributes.html_body).toContain('<b>arrival notice</b>')
    const documents = document.included!.filter((r) => r.type === 'document')
    expect(
      documents.map((d) => [d.attributes?.file_name, d.attributes?.file_content_type, d.attributes?.source]),
    ).toEqual([
      ['notice.txt.pdf', 'application/pdf', 'email'],
      ['rates.bin', 'text/csv', 'email'],
    ])
    const download = await fetch(`${service.baseUrl}/v2/documents/${documents[0].id}/download`, {
      headers: { Authorization: 'Token service-test-key-000' },
    })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(notice))).toBe(true)
  })

  it('keeps the same message sent twice once, and the same file in two messages once', async () => {
    const pdf = Buffer.from(await samplePdf(['Delivery order', 'DO-77']))
    const first = await composeMessage({
      from: 'a@line.example',
      to: inbound,
      subject: 'DO',
      attachments: [{ filename: 'do.pdf', content: pdf }],
    })
    const created = submission((await post(first)).body)
    const again = await post(first)
    expect(again.status).toBe(200)
    expect(submission(again.body).data.id).toBe(created.data.id)
    const second = await composeMessage({
      from: 'b@line.example',
      to: inbound,
      subject: 'DO again',
      attachments: [{ filename: 'copy.pdf', content: pdf }],
    })
    expect((await post(second)).status).toBe(201)
    const blobs = await service.storage.db.execute(
      `select count(*)::int as n from document_blobs where sha256 = '${(await import('node:crypto')).createHash('sha256').update(pdf).digest('hex')}'`,
    )
    expect((blobs as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1)
  })

  it('links a reply to the message it answers, and an early reply once its parent arrives', async () => {
    const reply = await composeMessage({
      from: 'a@line.example',
      to: inbound,
      subject: 'Re: BL',
      messageId: '<bl-2@line.example>',
      inReplyTo: '<bl-1@line.example>',
      references: ['<bl-1@line.example>'],
      date: new Date('2026-11-21T11:00:00Z'),
    })
    const replyId = submission((await post(reply)).body).data.id
    const original = await composeMessage({
      from: 'b@line.example',
      to: inbound,
      subject: 'BL',
      messageId: '<bl-1@line.example>',
      date: new Date('2026-11-21T10:00:00Z'),
    })
    const originalId = submission((await post(original)).body).data.id
    const followUp = await composeMessage({
      from: 'b@line.example',
      to: inbound,
      subject: 'Re: Re: BL',
      messageId: '<bl-3@line.example>',
      inReplyTo: '<bl-2@line.example>',
      references: ['<bl-1@line.example>', '<bl-2@line.example>'],
      date: new Date('2026-11-21T12:00:00Z'),
    })
    const followUpId = submission((await post(followUp)).body).data.id
    const { body } = await service.get(`/v2/email_submissions/${followUpId}?include=thread,reply_to`)
    const thread = submission(body)
    expect(thread.data.relationships?.reply_to?.data).toEqual({ id: replyId, type: 'email_submission' })
    expect(thread.data.relationships?.thread?.data?.map((r) => r.id)).toEqual([
      originalId,
      replyId,
      followUpId,
    ])
    const earlier = submission((await service.get(`/v2/email_submissions/${replyId}?include=reply_to`)).body)
    expect(earlier.data.relationships?.reply_to?.data?.id).toBe(originalId)
  })

  it('refuses what is not a message, in another media type, from a read-only key, or over 25 MB', async () => {
    const notMail = await post('%PDF-1.7\n1 0 obj\n')
    expect(notMail.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, notMail.body).errors[0]).toMatchObject({
      code: 'not_a_message',
      source: { pointer: '' },
    })
    const json = await service.call('POST', '/v2/email_submissions', { body: '{"data":{}}' })
    expect(json.status).toBe(415)
    expect((await post('Subject: x\r\nFrom: a@b.example\r\n\r\nhi', READ_KEY)).status).toBe(403)
    const huge = `Subject: big\r\nFrom: a@b.example\r\n\r\n${'x'.repeat(26 * 1024 * 1024)}`
    const tooBig = await post(huge)
    expect(tooBig.status).toBe(413)
    expect(parsed(ErrorDocumentSchema, tooBig.body).errors[0].detail).toContain('25 MB')
  })

  it('never shows one account the mail of another', async () => {
    const raw = await composeMessage({ from: 'a@line.example', to: inbound, subject: 'Private' })
    const id = submission((await post(raw)).body).data.id
    expect((await service.get(`/v2/email_submissions/${id}`, OTHER_KEY)).status).toBe(404)
  })

  describe('by SMTP', () => {
    let port: number
    let listener: ReturnType<typeof createSmtpListener>
    const changed: string[] = []
    beforeAll(async () => {
      listener = createSmtpListener({
        storage: service.storage,
        inboundDomain: DOMAIN,
        onAccountChanged: (id) => changed.push(id),
      })
      port = await listener.listen(0, '127.0.0.1')
    })
    afterAll(() => listener?.close())
    const transport = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })

    it('stores a message with several PDFs before it answers OK', async () => {
      const pdfs = await Promise.all(['BL one', 'BL two', 'BL three'].map((t) => samplePdf([t])))
      const info = await transport().sendMail({
        from: 'docs@line.example',
        to: inbound.replace('@', '+bookings@'),
        subject: 'Three bills by SMTP',
        text: 'Three bills.',
        html: '<p>Three <img src="cid:px@line"></p>',
        attachments: [
          ...pdfs.map((pdf, i) => ({ filename: `bl-${i + 1}.pdf`, content: Buffer.from(pdf) })),
          { filename: 'px.png', cid: 'px@line', content: PIXEL },
        ],
      })
      expect(info.response).toMatch(/^250 /)
      const list = await service.get('/v2/email_submissions?page[size]=50')
      const found = list.body.data.find(
        (s: { attributes: { subject: string } }) => s.attributes.subject === 'Three bills by SMTP',
      )
      expect(found.attributes.documents_count).toBe(3)
      expect(changed.length).toBeGreaterThan(0)
    })

    it('refuses an unknown recipient at RCPT and a message over 25 MB', async () => {
      await expect(
        transport().sendMail({ from: 'a@line.example', to: `nobody@${DOMAIN}`, subject: 'x', text: 'x' }),
      ).rejects.toMatchObject({ responseCode: 550, command: 'RCPT TO' })
      await expect(
        transport().sendMail({
          from: 'a@line.example',
          to: 'someone@elsewhere.example',
          subject: 'x',
          text: 'x',
        }),
      ).rejects.toMatchObject({ responseCode: 550 })
      await expect(
        transport().sendMail({
          from: 'a@line.example',
          to: inbound,
          subject: 'huge',
          text: 'x'.repeat(26 * 1024 * 1024),
        }),
      ).rejects.toMatchObject({ responseCode: 552 })
    })
  })
})
