import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { MAX_MESSAGE_BYTES } from '../http/request-form'
import { type BlobRef, BlobTooLarge } from '../storage/blob-store'
import type { Storage } from '../storage/storage'
import { ingestMessage } from './ingest-message'
import { UnreadableMessage } from './parse-message'
import { watchIdle } from './smtp-idle'
import {
  createSmtpLimits,
  defaultSmtpLimits,
  smtpReply as reply,
  type SmtpLimitSettings,
} from './smtp-limits'

const MAX_RECIPIENTS = 20

export type SmtpListenerOptions = {
  storage: Storage
  inboundDomain: string
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
  limits?: SmtpLimitSettings
  now?: () => Date
}

function inboundSlugOf(address: string, inboundDomain: string) {
  const at = address.lastIndexOf('@')
  if (at <= 0 || address.slice(at + 1).toLowerCase() !== inboundDomain.toLowerCase()) return undefined
  return address.slice(0, at).split('+')[0].toLowerCase()
}

/** The client must finish DATA before it can be answered, so the rest is read and dropped. */
async function* within(stream: SMTPServerDataStream, maxBytes: number, progressed: () => void) {
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    progressed()
    if (size <= maxBytes) yield chunk
  }
  if (size > maxBytes) throw new BlobTooLarge(maxBytes)
}

function inboundAccounts(storage: Storage, inboundDomain: string) {
  const accountOf = async (address: string) => {
    const slug = inboundSlugOf(address, inboundDomain)
    return slug ? storage.mail.accountBySlug(slug) : undefined
  }
  const recipientsOf = async (session: SMTPServerSession) => {
    const accounts = new Set<string>()
    for (const { address } of session.envelope.rcptTo) {
      const accountId = await accountOf(address)
      if (accountId) accounts.add(accountId)
    }
    return accounts
  }
  return { accountOf, recipientsOf }
}

/** The reply to DATA waits for this. */
async function storeMessage(
  options: SmtpListenerOptions,
  recipientsOf: (session: SMTPServerSession) => Promise<Set<string>>,
  raw: BlobRef,
  session: SMTPServerSession,
) {
  const accounts = await recipientsOf(session)
  if (accounts.size === 0) throw reply(550, 'No mailbox here for any recipient')
  try {
    for (const accountId of accounts) {
      await ingestMessage(options.storage, accountId, raw)
      options.onAccountChanged?.(accountId)
    }
  } catch (error) {
    if (error instanceof UnreadableMessage) throw reply(554, error.message)
    throw reply(451, 'The message could not be stored; try again later')
  }
  return accounts
}

/** The reply to DATA is sent only once stored, so a message the sender saw accepted is never lost. */
export function createSmtpListener(options: SmtpListenerOptions) {
  const { storage, inboundDomain, log = () => {} } = options
  const settings = options.limits ?? defaultSmtpLimits
  const limits = createSmtpLimits(settings, options.now ?? (() => new Date()))
  const idle = watchIdle(() => server, settings.idleSeconds * 1000)
  const { accountOf, recipientsOf } = inboundAccounts(storage, inboundDomain)
  async function deliver(stream: SMTPServerDataStream, session: SMTPServerSession) {
    // hashed on the way: never whole in memory before it is parsed
    const progressed = () => idle.progressed(session)
    const raw = await storage.blobs
      .put(within(stream, MAX_MESSAGE_BYTES, progressed))
      .catch((error: Error) => {
        throw error instanceof BlobTooLarge
          ? reply(552, `Message is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`)
          : reply(451, 'The message could not be stored; try again later')
      })
    idle.stop(session)
    const accounts = await storeMessage(options, recipientsOf, raw, session)
    limits.record(session.envelope.mailFrom ? session.envelope.mailFrom.address : '', accounts, raw.size)
    return 'Message stored'
  }
  const server = new SMTPServer({
    name: inboundDomain,
    banner: 'Quayside inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    maxClients: settings.maxConnections,
    socketTimeout: 60_000,
    // a flood of connections would otherwise be a flood of DNS lookups
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      const refusal = limits.admission(session.remoteAddress, server.connections)
      if (!refusal) idle.progressed(session)
      callback(refusal)
    },
    onMailFrom(address, session, callback) {
      idle.progressed(session)
      callback(limits.senderProblem(address.address))
    },
    onRcptTo(address, session, callback) {
      idle.progressed(session)
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(reply(452, 'Too many recipients'))
      accountOf(address.address).then(
        (accountId) =>
          callback(
            accountId
              ? limits.accountProblem(accountId, address.address)
              : reply(550, `No mailbox here for ${address.address}`),
          ),
        () => callback(reply(451, 'Try again later')),
      )
    },
    onData(stream, session, callback) {
      deliver(stream, session).then(
        (accepted) => {
          idle.progressed(session)
          callback(null, accepted)
        },
        (error: Error) => {
          log(`Inbound mail refused: ${error.message}`)
          idle.progressed(session)
          callback(error)
        },
      )
    },
    onClose(session) {
      idle.stop(session)
    },
  })
  server.on('error', (error) => log(`SMTP listener: ${error.message}`))
  return controls(server)
}

const controls = (server: SMTPServer) => ({
  listen: (port: number, host: string) =>
    new Promise<number>((ready, fail) => {
      server.once('error', fail)
      server.listen(port, host, () => {
        server.off('error', fail)
        ready((server.server.address() as AddressInfo).port)
      })
    }),
  close: () => new Promise<void>((done) => server.close(() => done())),
})
