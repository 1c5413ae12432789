import type { AddressInfo } from 'node:net'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export type SunkMessage = { to: string[]; raw: string; parsed: Email; headers: Map<string, string> }

/**
 * A real SMTP server on loopback that keeps every message it is sent, parsed. `answer` decides the reply to
 * DATA: accept, refuse for now (451), or hold the reply (the sender stays mid-send) until `release()`.
 * A held message counts as received: a mail server may deliver a message whose sender died before the 250.
 */
export async function startSmtpSink(answer: () => 'accept' | 'refuse' | 'hold' = () => 'accept') {
  const messages: SunkMessage[] = []
  let held: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = await PostalMime.parse(raw)
        const headers = new Map(parsed.headers.map((h) => [h.key.toLowerCase(), h.value]))
        const to = session.envelope.rcptTo.map((r) => r.address)
        const decision = answer()
        if (decision === 'refuse')
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
        messages.push({ to, raw, parsed, headers })
        if (decision === 'hold') held.push(() => callback())
        else callback()
      })
    },
  })
  server.on('error', () => undefined)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const port = (server.server.address() as AddressInfo).port
  return {
    messages,
    url: `smtp://127.0.0.1:${port}`,
    held: () => held.length,
    release() {
      for (const reply of held) reply()
      held = []
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}
