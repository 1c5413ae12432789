import { describe, expect, it } from 'vitest'
import { createOutboundMail } from './outbound-mail'

describe('outbound mail', () => {
  it('logs the text part to the console when no SMTP URL is set', async () => {
    const logged: string[] = []
    const mail = createOutboundMail({ log: (line) => logged.push(line) })
    expect(mail.configured).toBe(false)
    await mail.send({ to: 'ana@example.com', subject: 'Hello', text: 'The text part', html: '<p>html</p>' })
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('ana@example.com: Hello\nThe text part')
    expect(logged[0]).not.toContain('<p>')
  })

  it('refuses a URL that is not smtp or smtps without repeating its password', () => {
    expect(() => createOutboundMail({ smtpUrl: 'http://user:hunter2@mail.example.com' })).toThrow(
      /must start with smtp:\/\/ or smtps:\/\/, not http:\/\//,
    )
    try {
      createOutboundMail({ smtpUrl: 'http://user:hunter2@mail.example.com' })
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2')
    }
    expect(createOutboundMail({ smtpUrl: 'smtps://user:pw@mail.example.com:465' }).configured).toBe(true)
  })
})
