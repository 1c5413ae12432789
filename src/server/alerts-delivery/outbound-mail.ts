import type Nodemailer from 'nodemailer'

type OutboundMessage = {
  to: string
  subject: string
  text: string
  html?: string
  /** Without angle brackets; a retry of the same message carries the same one. */
  messageId?: string
  headers?: Record<string, string>
}

export type OutboundMail = {
  /** False: the console transport, which logs each message's text part instead of sending it. */
  configured: boolean
  send: (message: OutboundMessage) => Promise<void>
  close: () => void
}

const DEFAULT_FROM = 'Quayside <alerts@quayside.localhost>'

function checkSmtpUrl(smtpUrl: string) {
  let url: URL
  try {
    url = new URL(smtpUrl)
  } catch {
    throw new Error('OUTBOUND_SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://host:465')
  }
  // the URL's password is never logged: the error names the scheme only
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`OUTBOUND_SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`)
}

/** Loaded with the first message, not at every start. */
async function transportOf(smtpUrl: string) {
  const { default: nodemailer } = await import('nodemailer')
  // a server that stops answering mid-message must not hold the batch for nodemailer's default ten minutes
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as Parameters<typeof Nodemailer.createTransport>[0])
}

/** Real SMTP when `smtpUrl` is set; in development the console, which never shows a password. */
export function createOutboundMail(options: {
  smtpUrl?: string
  from?: string
  log?: (message: string) => void
}): OutboundMail {
  const from = options.from || DEFAULT_FROM
  const log = options.log ?? console.log
  if (!options.smtpUrl)
    return {
      configured: false,
      async send(message) {
        log(
          `Outbound mail (console; set OUTBOUND_SMTP_URL to send) to ${message.to}: ${message.subject}\n${message.text}`,
        )
      },
      close: () => undefined,
    }
  const smtpUrl = options.smtpUrl
  checkSmtpUrl(smtpUrl)
  let transport: ReturnType<typeof transportOf> | undefined
  return {
    configured: true,
    async send(message) {
      transport ??= transportOf(smtpUrl)
      await (await transport).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId ? `<${message.messageId}>` : undefined,
        headers: message.headers,
      })
    },
    close: () => void transport?.then((opened) => opened.close()),
  }
}
