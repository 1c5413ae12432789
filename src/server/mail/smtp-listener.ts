import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { MAX_MESSAGE_BYTES } from '../http/request-form'
import { BlobTooLarge } from '../storage/blob-store'
import type { Storage } from '../storage/storage'
import { ingestMessage } from './ingest-message'
import { UnreadableMessage } from './parse-message'

const MAX_RECIPIENTS = 20

export type SmtpListenerOptions = {
  storage: Storage
  /** The domain of every account's inbound address; mail to any other domain is refused. */
  inboundDomain: string
  /** Called for each account that received a message, so cached reads are rendered afresh. */
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/** An SMTP error reply: smtp-server sends the code and the message. */
const reply = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode })

/** `harbor-freight+docs@in.example` -> `harbor-freight` when the domain is ours; undefined otherwise. */
function inboundSlugOf(address: string, inboundDomain: string) {
  const at = address.lastIndexOf('@')
  if (at <= 0 || address.slice(at + 1).toLowerCase() !== inboundDomain.toLowerCase()) return undefined
  return address.slice(0, at).split('+')[0].toLowerCase()
}

/**
 * The message's bytes up to `maxBytes`; past it the rest is read and dropped (the client must finish DATA
 * before it can be answered) and BlobTooLarge is thrown at the end, so nothing of it is kept.
 */
async function* within(stream: SMTPServerDataStream, maxBytes: number) {
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size <= maxBytes) yield chunk
  }
  if (size > maxBytes) throw new BlobTooLarge(maxBytes)
}

/**
 * Receives inbound mail by SMTP. A recipient that is no account's inbound address is refused at RCPT; a
 * message over 25 MB is refused; the reply to DATA is sent only once the message is stored, so a message the
 * sender saw accepted is never lost (and one whose reply was lost, sent again, is kept once).
 */
export function createSmtpListener(options: SmtpListenerOptions) {
  const { storage, inboundDomain, log = () => {} } = options
  const accountOf = async (address: string) => {
    const slug = inboundSlugOf(address, inboundDomain)
    return slug ? storage.mail.accountBySlug(slug) : undefined
  }
  const server = new SMTPServer({
    name: inboundDomain,
    banner: 'Quayside inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    maxClients: 20,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(reply(452, 'Too many recipients'))
      accountOf(address.address).then(
        (accountId) => callback(accountId ? null : reply(550, `No mailbox here for ${address.address}`)),
        () => callback(reply(451, 'Try again later')),
      )
    },
    onData(stream, session, callback) {
      deliver(stream, session).then(
        (accepted) => callback(null, accepted),
        (error: Error) => {
          log(`Inbound mail refused: ${error.message}`)
          callback(error)
        },
      )
    },
  })
  server.on('error', (error) => log(`SMTP listener: ${error.message}`))

  async function deliver(stream: SMTPServerDataStream, session: SMTPServerSession) {
    // straight to the blob store as it arrives, hashed on the way: never whole in memory before it is parsed
    const raw = await storage.blobs.put(within(stream, MAX_MESSAGE_BYTES)).catch((error: Error) => {
      throw error instanceof BlobTooLarge
        ? reply(552, `Message is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`)
        : reply(451, 'The message could not be stored; try again later')
    })
    const accounts = new Set<string>()
    for (const { address } of session.envelope.rcptTo) {
      const accountId = await accountOf(address)
      if (accountId) accounts.add(accountId)
    }
    if (accounts.size === 0) throw reply(550, 'No mailbox here for any recipient')
    try {
      for (const accountId of accounts) {
        await ingestMessage(storage, accountId, raw)
        options.onAccountChanged?.(accountId)
      }
    } catch (error) {
      if (error instanceof UnreadableMessage) throw reply(554, error.message)
      throw reply(451, 'The message could not be stored; try again later')
    }
    return 'Message stored'
  }

  return {
    /** Listens on the port (0 picks a free one) and resolves with the port it listens on. */
    listen: (port: number, host: string) =>
      new Promise<number>((ready, fail) => {
        server.once('error', fail)
        server.listen(port, host, () => {
          server.off('error', fail)
          ready((server.server.address() as AddressInfo).port)
        })
      }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
