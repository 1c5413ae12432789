import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { composeMessage, samplePdf } from '../../../tests/support/mail-fixtures'
import { looksLikeMessage, parseMessage, UnreadableMessage } from './parse-message'

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

describe('parseMessage', () => {
  it('reads the headers, both bodies and the thread of a message', async () => {
    const raw = await composeMessage({
      from: 'Ann Line <Ann@Line.example>',
      to: ['imports@quayside.localhost', 'Ops <ops@forwarder.example>'],
      cc: 'broker@customs.example',
      subject: 'Arrival notice\u0007 MEDU1234567',
      date: new Date('2026-11-20T08:30:00Z'),
      messageId: '<an-2@line.example>',
      inReplyTo: '<an-1@line.example>',
      references: ['<an-0@line.example>', '<an-1@line.example>'],
      text: 'Please see attached.',
      html: '<p>Please see <b>attached</b>.</p>',
    })
    const message = await parseMessage(new Uint8Array(raw))
    expect(message).toMatchObject({
      subject: 'Arrival notice  MEDU1234567',
      from: ['ann@line.example'],
      to: ['imports@quayside.localhost', 'ops@forwarder.example'],
      cc: ['broker@customs.example'],
      sentAt: new Date('2026-11-20T08:30:00Z'),
      messageId: '<an-2@line.example>',
      inReplyTo: '<an-1@line.example>',
      references: ['<an-0@line.example>', '<an-1@line.example>'],
      contentType: 'multipart/alternative',
      text: expect.stringContaining('Please see attached.'),
      html: expect.stringContaining('<b>attached</b>'),
      attachments: [],
    })
  })

  it('tells attached files from images the HTML body shows in place', async () => {
    const pdf = await samplePdf(['Bill of lading'])
    const raw = await composeMessage({
      from: 'a@line.example',
      to: 'b@quayside.localhost',
      subject: 'BL',
      html: '<p>Logo <img src="cid:logo@line"></p>',
      attachments: [
        { filename: 'logo.png', cid: 'logo@line', content: PIXEL },
        { filename: 'bl.pdf', content: Buffer.from(pdf), contentType: 'application/octet-stream' },
      ],
    })
    const { attachments } = await parseMessage(new Uint8Array(raw))
    expect(attachments.map((a) => [a.fileName, a.inline, a.bytes.byteLength])).toEqual([
      ['logo.png', true, PIXEL.byteLength],
      ['bl.pdf', false, pdf.byteLength],
    ])
  })

  it('keeps a message without a date, subject or message id, with those left empty', async () => {
    const raw = new TextEncoder().encode('From: x@y.example\r\nDate: not a date\r\n\r\nhello\r\n')
    const message = await parseMessage(raw)
    expect(message).toMatchObject({ subject: '', sentAt: null, messageId: null, references: [] })
    expect(message.text?.trim()).toBe('hello')
  })

  it('refuses a message nested deeper than any real mail is', async () => {
    let body = 'x'
    for (let depth = 0; depth < 40; depth++)
      body = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${body}\r\n--b${depth}--`
    const raw = new TextEncoder().encode(`From: x@y.example\r\n${body}`)
    await expect(parseMessage(raw)).rejects.toBeInstanceOf(UnreadableMessage)
  })

  it('recognizes a message by its header lines and refuses other bytes', () => {
    const encode = (text: string) => new TextEncoder().encode(text)
    expect(looksLikeMessage(encode('Subject: hi\r\nFrom: a@b.example\r\n\r\nbody'))).toBe(true)
    expect(looksLikeMessage(encode('%PDF-1.7\n1 0 obj'))).toBe(false)
    expect(looksLikeMessage(encode('{"data":{}}'))).toBe(false)
  })

  it('reads a large message in a worker thread, its attachments whole, while the event loop stays free', {
    timeout: 60_000,
  }, async () => {
    const scan = randomBytes(16 * 1024 * 1024)
    const raw = await composeMessage({
      from: 'a@line.example',
      to: 'b@quayside.localhost',
      subject: 'Scan',
      attachments: [{ filename: 'scan.bin', content: scan }],
    })
    let worst = 0
    let last = performance.now()
    const ticks = setInterval(() => {
      worst = Math.max(worst, performance.now() - last)
      last = performance.now()
    }, 10)
    const message = await parseMessage(new Uint8Array(raw))
    worst = Math.max(worst, performance.now() - last)
    clearInterval(ticks)
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
    expect(message.attachments.map((a) => sha256(a.bytes))).toEqual([sha256(scan)])
    // parsed here, this 22 MB message holds the loop for half a second or more
    expect(worst).toBeLessThan(250)
  })
})
