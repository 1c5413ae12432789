import { createRateLimiter } from '../http/rate-limit'

export type SmtpLimitSettings = {
  maxConnections: number
  connectionsPerAddress: number
  /** NOOP and RSET are not progress. */
  idleSeconds: number
  messagesPerSenderPerMinute: number
  megabytesPerSenderPerMinute: number
  messagesPerAccountPerMinute: number
  megabytesPerAccountPerMinute: number
}

export const defaultSmtpLimits: SmtpLimitSettings = {
  maxConnections: 100,
  connectionsPerAddress: 10,
  idleSeconds: 60,
  messagesPerSenderPerMinute: 30,
  megabytesPerSenderPerMinute: 100,
  messagesPerAccountPerMinute: 120,
  megabytesPerAccountPerMinute: 250,
}

const PRESSURE_SHARE = 0.5
const HELD_UNDER_PRESSURE = 2
const MB = 1024 * 1024

export const smtpReply = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode })

/** Over a limit the answer is temporary (421, 451, as greylisting does): a real mail server tries again later. */
export function createSmtpLimits(settings: SmtpLimitSettings, now: () => Date) {
  const senders = createRateLimiter(settings.messagesPerSenderPerMinute, now)
  const senderBytes = createRateLimiter(settings.megabytesPerSenderPerMinute * MB, now)
  const accounts = createRateLimiter(settings.messagesPerAccountPerMinute, now)
  const accountBytes = createRateLimiter(settings.megabytesPerAccountPerMinute * MB, now)
  const senderKey = (sender: string) => sender.toLowerCase() || '<>'
  return {
    admission(address: string, open: Iterable<{ remoteAddress: string }>) {
      let total = 0
      let held = -1
      for (const connection of open) {
        total += 1
        if (connection.remoteAddress === address) held += 1
      }
      if (held >= settings.connectionsPerAddress)
        return smtpReply(421, `Too many connections from ${address}; try again later`)
      if (total > settings.maxConnections * PRESSURE_SHARE && held >= HELD_UNDER_PRESSURE)
        return smtpReply(421, `Busy: ${address} already has ${held} connections open; try again later`)
      return undefined
    },
    senderProblem(sender: string) {
      const key = senderKey(sender)
      if (senders.fits(key) && senderBytes.fits(key)) return undefined
      return smtpReply(451, `Too much mail from ${sender || '<>'} this minute; try again later`)
    },
    accountProblem(accountId: string, recipient: string) {
      if (accounts.fits(accountId) && accountBytes.fits(accountId)) return undefined
      return smtpReply(451, `Too much mail for ${recipient} this minute; try again later`)
    },
    record(sender: string, accountIds: Iterable<string>, bytes: number) {
      senders.take(senderKey(sender))
      senderBytes.take(senderKey(sender), bytes)
      for (const accountId of accountIds) {
        accounts.take(accountId)
        accountBytes.take(accountId, bytes)
      }
    },
  }
}
