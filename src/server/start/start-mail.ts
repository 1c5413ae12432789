import type { ProcessConfig } from '../config'
import type { Storage } from '../storage/storage'
import type { Closers } from './closers'

/** By the processes that answer the outside world. */
export async function startMail(
  config: ProcessConfig,
  deps: { storage: Storage; onAccountChanged: (accountId: string) => void },
  closers: Closers,
) {
  if (config.role === 'worker' || config.smtpPort === undefined) return
  // only a process that receives mail loads the SMTP server
  const { createSmtpListener } = await import('../mail/smtp-listener')
  const smtp = createSmtpListener({
    storage: deps.storage,
    inboundDomain: config.service.inboundDomain,
    onAccountChanged: deps.onAccountChanged,
    limits: config.smtpLimits,
    log: (message) => console.warn(message),
  })
  const smtpPort = await smtp.listen(config.smtpPort, config.smtpHost)
  console.log(
    `Receiving mail for *@${config.service.inboundDomain} by SMTP on ${config.smtpHost}:${smtpPort}`,
  )
  closers.first(smtp.close)
}
