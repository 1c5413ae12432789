import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messageIdOf } from '../../src/server/alerts-delivery/send-batch'
import { DATABASE_KINDS } from '../support/databases'
import type { SunkMessage } from '../support/smtp-sink'
import { alertDeliveryBed } from './alert-delivery-bed'
import { invitedPerson } from './people-browser'

const MINUTE = 60_000
const tag = () => randomBytes(3).toString('hex')
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0])
const to = (address: string) => (m: SunkMessage) => m.to.includes(address)

describe.each(DATABASE_KINDS)('alert delivery on %s', (kind) => {
  const { bed, rows, worker, box } = alertDeliveryBed(kind)

  /** One rule and one alert per container, each delivered to `recipient` at `dueAt`. */
  async function fired(
    name: string,
    count: number,
    to: { recipient: string; mode?: 'immediate' | 'digest'; dueAt?: Date; channel?: 'email' | 'chat' },
    rule?: { channels?: string[]; chatSealed?: string },
  ) {
    const ruleId = await rows.rule(bed.accountId, name, rule)
    const containers = await rows.containers(bed.accountId, count)
    const now = bed.service.clock.now()
    for (const container of containers) {
      const alertId = await rows.alert(bed.accountId, ruleId, container, {
        title: 'Discharged: available for pickup',
        body: 'The vessel has discharged this container.',
        detail: { demurrage: { currency: 'USD', accrued: 0, next_day: 150, source: 'terminal' } },
        firedAt: now,
      })
      await rows.delivery(bed.accountId, alertId, ruleId, { dueAt: to.dueAt ?? now, ...to })
    }
    return { ruleId, containers }
  }

  it('sends one email with text and HTML parts, the List-Unsubscribe headers, and links that resolve', async () => {
    const recipient = `one-${tag()}@example.com`
    const { ruleId, containers } = await fired('Discharged at once', 1, { recipient })
    await worker().drain()
    const sent = bed.sink.messages.filter(to(recipient))
    expect(sent).toHaveLength(1)
    const [{ parsed, headers }] = sent
    expect(parsed.subject).toContain(containers[0].number)
    expect(parsed.text).toContain('What it costs: USD 150 a day after the last free day')
    expect(parsed.html).toContain(containers[0].number)
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribeAll = headers.get('list-unsubscribe')!.replace(/^<|>$/g, '')
    expect(unsubscribeAll.startsWith(`${bed.service.baseUrl}/alerts/unsubscribe/`)).toBe(true)
    expect(await rows.statuses(ruleId)).toEqual([`${recipient}:sent`])
    const [{ batch_id }] = (
      await bed.service.storage.db.execute(
        `select batch_id from alert_deliveries where rule_id = '${ruleId}'`,
      )
    ).rows as { batch_id: string }[]
    expect(parsed.messageId).toBe(`<${messageIdOf(batch_id)}>`)

    const links = linksIn(parsed.text!)
    const containerLink = links.find((link) => link.includes('/containers/'))!
    expect(new URL(containerLink).pathname).toBe(`/containers/${containers[0].id}`)
    // the dashboard's page for that path reads this resource: it is the container named in the email
    const container = await bed.service.get(`/v2${new URL(containerLink).pathname}`)
    expect(container.status).toBe(200)
    expect(container.body.data.attributes.number).toBe(containers[0].number)
    for (const link of links.filter((l) => l.includes('/alerts/unsubscribe/')).concat(unsubscribeAll)) {
      const page = await fetch(link)
      expect(page.status, link).toBe(200)
      expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>')
    }
    // HTML links are the text's links
    for (const link of links) expect(parsed.html).toContain(link.replace(/&/g, '&amp;'))
  })

  it('makes one message of ten containers discharged together, listing all ten', async () => {
    const recipient = `ten-${tag()}@example.com`
    const { containers } = await fired('Ten discharged', 10, { recipient })
    await worker().drain()
    const sent = bed.sink.messages.filter(to(recipient))
    expect(sent).toHaveLength(1)
    for (const container of containers) expect(sent[0].parsed.text).toContain(container.number)
    expect(sent[0].parsed.subject).toBe('Ten discharged: 10 alerts')
  })

  it('makes one digest of two rules, a section per rule and then per customer', async () => {
    const recipient = `digest-${tag()}@example.com`
    const dueAt = bed.service.clock.now()
    const a = await fired('A digest rule', 6, { recipient, mode: 'digest', dueAt })
    const b = await fired('B digest rule', 2, { recipient, mode: 'digest', dueAt })
    await worker().drain()
    const sent = bed.sink.messages.filter(to(recipient))
    expect(sent).toHaveLength(1)
    const text = sent[0].parsed.text!
    expect(sent[0].parsed.subject).toBe('Quayside digest: 8 alerts from 2 rules')
    expect(text.indexOf('A digest rule')).toBeLessThan(text.indexOf('B digest rule'))
    const sectionA = text.slice(text.indexOf('A digest rule'), text.indexOf('B digest rule'))
    for (const c of a.containers) expect(sectionA).toContain(c.number)
    for (const c of b.containers) expect(text.slice(text.indexOf('B digest rule'))).toContain(c.number)
    const customers = [...new Set(a.containers.map((c) => c.customer_name).filter(Boolean))] as string[]
    expect(customers.length).toBeGreaterThan(0)
    for (const name of customers) expect(sectionA).toContain(`${name}:`)
    // one heading per customer, not one per container
    for (const name of customers) expect(sectionA.split(`${name}:`).length - 1).toBe(1)
    const unsubscribeLinks = linksIn(text).filter((l) => l.includes('/alerts/unsubscribe/'))
    expect(unsubscribeLinks).toHaveLength(2)
  })

  it('sends nothing before a delivery is due (a mute window pushes due_at past its end)', async () => {
    const recipient = `muted-${tag()}@example.com`
    const dueAt = new Date(bed.service.clock.now().getTime() + 90 * MINUTE)
    await fired('Muted overnight', 1, { recipient, dueAt })
    const delivery = worker()
    await delivery.drain()
    expect(bed.sink.messages.filter(to(recipient))).toHaveLength(0)
    bed.service.advance(89 * MINUTE)
    await delivery.drain()
    expect(bed.sink.messages.filter(to(recipient))).toHaveLength(0)
    bed.service.advance(MINUTE)
    await delivery.drain()
    expect(bed.sink.messages.filter(to(recipient))).toHaveLength(1)
  })

  it('retries a refused email as the same message, with the same Message-ID', async () => {
    const recipient = `retry-${tag()}@example.com`
    const { ruleId } = await fired('Refused once', 2, { recipient })
    bed.sinkAnswer = 'refuse'
    const delivery = worker()
    try {
      await delivery.drain()
    } finally {
      bed.sinkAnswer = 'accept'
    }
    expect(bed.sink.messages.filter(to(recipient))).toHaveLength(0)
    expect(await rows.statuses(ruleId)).toEqual([`${recipient}:batched`, `${recipient}:batched`])
    const [batch] = (
      await bed.service.storage.db.execute(
        `select b.id, b.attempts, b.last_error from alert_batches b join alert_deliveries d on d.batch_id = b.id
       where d.rule_id = '${ruleId}' limit 1`,
      )
    ).rows as { id: string; attempts: number; last_error: string }[]
    expect(batch).toMatchObject({ attempts: 1 })
    expect(batch.last_error).toMatch(/451/)
    bed.service.advance(20_000)
    await delivery.drain()
    const sent = bed.sink.messages.filter(to(recipient))
    expect(sent).toHaveLength(1)
    expect(sent[0].parsed.messageId).toBe(`<${messageIdOf(batch.id)}>`)
    expect(await rows.statuses(ruleId)).toEqual([`${recipient}:sent`, `${recipient}:sent`])
  })

  it('posts a Slack-compatible payload to the chat webhook, retrying a failure with the same message id', async () => {
    const chatSealed = box.seal(bed.chat.url(`/chat-${tag()}`))
    const path = new URL(box.open(chatSealed)!).pathname
    const { containers } = await fired(
      'Chat rule',
      3,
      { recipient: 'chat', channel: 'chat' },
      { channels: ['chat'], chatSealed },
    )
    bed.chatStatus = 503
    const delivery = worker()
    try {
      await delivery.drain()
    } finally {
      bed.chatStatus = 200
    }
    bed.service.advance(20_000)
    await delivery.drain()
    const posts = bed.chat.received.filter((r) => r.path === path)
    expect(posts).toHaveLength(2)
    expect(posts[0].headers['x-quayside-message-id']).toBe(posts[1].headers['x-quayside-message-id'])
    const payload = JSON.parse(posts[1].body)
    expect(typeof payload.text).toBe('string')
    for (const c of containers) expect(payload.text).toContain(c.number)
    expect(payload.blocks[0]).toMatchObject({ type: 'header' })
    expect(payload.blocks.some((b: { type: string }) => b.type === 'section')).toBe(true)
    expect(payload.text).toContain(`<${bed.service.baseUrl}/containers/${containers[0].id}|`)
  })

  it('unsubscribes on a one-click POST (never on GET), and sends that rule nothing more', async () => {
    const recipient = `leaving-${tag()}@example.com`
    const { ruleId, containers } = await fired('Unsubscribe me', 1, { recipient })
    const other = await fired('Keep me', 1, { recipient })
    const delivery = worker()
    await delivery.drain()
    const first = bed.sink.messages.filter(to(recipient))
    expect(first).toHaveLength(2)
    const mine = first.find(
      (m) => m.parsed.subject?.includes(containers[0].number) && m.parsed.text?.includes('Unsubscribe me'),
    )!
    const link = mine.headers.get('list-unsubscribe')!.replace(/^<|>$/g, '')
    const scanned = await fetch(link)
    expect(scanned.status).toBe(200)
    expect(await rows.statuses(ruleId)).toEqual([`${recipient}:sent`])

    const later = await rows.alert(bed.accountId, ruleId, containers[0], {
      title: 'Discharged again',
      firedAt: bed.service.clock.now(),
    })
    await rows.delivery(bed.accountId, later, ruleId, {
      recipient,
      dueAt: new Date(bed.service.clock.now().getTime() + MINUTE),
    })
    // RFC 8058: what a mail client's Unsubscribe button sends
    const clicked = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.status).toBe(200)
    expect(await clicked.text()).toContain('Unsubscribed')
    const again = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
    expect(again.status).toBe(200)
    expect((await rows.statuses(ruleId)).sort()).toEqual([`${recipient}:sent`, `${recipient}:unsubscribed`])

    const laterStill = await rows.alert(bed.accountId, ruleId, containers[0], {
      title: 'Discharged a third time',
      firedAt: bed.service.clock.now(),
    })
    await rows.delivery(bed.accountId, laterStill, ruleId, { recipient, dueAt: bed.service.clock.now() })
    const keep = await rows.alert(bed.accountId, other.ruleId, other.containers[0], {
      title: 'Still wanted',
      firedAt: bed.service.clock.now(),
    })
    await rows.delivery(bed.accountId, keep, other.ruleId, { recipient, dueAt: bed.service.clock.now() })
    bed.service.advance(2 * MINUTE)
    await delivery.drain()
    const after = bed.sink.messages.filter(to(recipient)).slice(2)
    expect(after.map((m) => m.parsed.subject)).toEqual([`${other.containers[0].number}: Still wanted`])
    expect(await rows.statuses(ruleId)).not.toContain(`${recipient}:pending`)
  })

  it('emails an alert due now within 10 s of its delivery being written, with the worker running as a server runs it', async () => {
    const recipient = `timed-${tag()}@example.com`
    const delivery = worker()
    delivery.start()
    try {
      const written = performance.now()
      await fired('At once, timed', 1, { recipient })
      const deadline = Date.now() + 20_000
      while (!bed.sink.messages.some(to(recipient)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const ms = Math.round(performance.now() - written)
      console.log(`Alert email received ${ms} ms after its delivery row was written (${kind})`)
      expect(bed.sink.messages.filter(to(recipient))).toHaveLength(1)
      expect(ms).toBeLessThan(10_000)
    } finally {
      await delivery.stop()
    }
  })

  it('answers 404 to an unsubscribe link that was not signed here', async () => {
    const page = await fetch(`${bed.service.baseUrl}/alerts/unsubscribe/e30.forged`)
    expect(page.status).toBe(404)
    const post = await fetch(`${bed.service.baseUrl}/alerts/unsubscribe/e30.forged`, { method: 'POST' })
    expect(post.status).toBe(404)
    expect((await post.json()).errors[0].source).toEqual({ parameter: 'token' })
  })

  it('emails an invitation when outbound mail is configured, and still shows the link', async () => {
    const email = `invited-${tag()}@example.com`
    const created = await bed.service.call('POST', '/v2/invitations', {
      body: JSON.stringify({ data: { type: 'invitation', attributes: { email, role: 'viewer' } } }),
    })
    expect(created.status).toBe(201)
    const acceptUrl = created.body.data.attributes.accept_url as string
    const deadline = Date.now() + 20_000
    while (!bed.sink.messages.some(to(email)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const [message] = bed.sink.messages.filter(to(email))
    expect(message.parsed.subject).toBe('You are invited to Quayside')
    expect(message.parsed.text).toContain(acceptUrl)
    expect(message.parsed.html).toContain(acceptUrl)
  })
  it('emails a password reset link when outbound mail is configured, and still shows it', async () => {
    const person = await invitedPerson(bed.service, 'viewer', { email: `reset-${tag()}@example.com` })
    const reset = await bed.service.call('POST', `/v2/users/${person.id}/password_reset`, { body: '{}' })
    expect(reset.status).toBe(201)
    const resetUrl = reset.body.data.attributes.reset_url as string
    const deadline = Date.now() + 20_000
    const sent = () =>
      bed.sink.messages.filter((m) => m.to.includes(person.email) && m.parsed.text?.includes(resetUrl))
    while (sent().length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent().map((m) => m.parsed.subject)).toEqual(['Reset your Quayside password'])
  })
  it('never connects to a chat URL that points inside without WEBHOOK_ALLOWLIST, and says so', async () => {
    const chatSealed = box.seal(bed.chat.url(`/inside-${tag()}`))
    const path = new URL(box.open(chatSealed)!).pathname
    const { ruleId } = await fired(
      'Chat inside',
      1,
      { recipient: 'chat', channel: 'chat' },
      { channels: ['chat'], chatSealed },
    )
    await worker([]).drain()
    expect(bed.chat.received.filter((r) => r.path === path)).toHaveLength(0)
    const [batch] = (
      await bed.service.storage.db.execute(
        `select b.status, b.last_error from alert_batches b join alert_deliveries d on d.batch_id = b.id
         where d.rule_id = '${ruleId}'`,
      )
    ).rows as { status: string; last_error: string }[]
    expect(batch.status).toBe('sending')
    expect(batch.last_error).toMatch(/fetch failed/)
    expect(batch.last_error).not.toContain(path)
  })

  it('sends each message once when two processes deliver from the same outbox at once', async () => {
    const recipients = Array.from({ length: 12 }, (_, n) => `pair-${n}-${tag()}@example.com`)
    const ruleId = await rows.rule(bed.accountId, 'Two workers')
    const [container] = await rows.containers(bed.accountId, 1)
    const now = bed.service.clock.now()
    for (const recipient of recipients) {
      const alertId = await rows.alert(bed.accountId, ruleId, container, { title: 'Both', firedAt: now })
      await rows.delivery(bed.accountId, alertId, ruleId, { recipient, dueAt: now })
    }
    await Promise.all([worker().drain(), worker().drain(), worker().drain()])
    for (const recipient of recipients)
      expect(bed.sink.messages.filter(to(recipient)), recipient).toHaveLength(1)
  })
})
