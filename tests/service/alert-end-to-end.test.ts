import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { containerStateOf, stateWords } from '../../src/contract/container-state'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { evaluateAlerts } from '../../src/server/alerts/evaluate-alerts'
import { DATABASE_KINDS } from '../support/databases'
import { alertDeliveryBed } from './alert-delivery-bed'
import { alertsOf, arrange, createRule, neutral, taggedContainer } from './alert-support'
import { parsed } from './harness'

const DAY = 86_400_000

/** The whole way, as in production: a rule made over the API, a change, the evaluator, the outbox, real SMTP. */
describe.each(DATABASE_KINDS)('an alert from a change to an email, on %s', (kind) => {
  const { bed, worker } = alertDeliveryBed(kind)

  it('emails once what the container page says, with a link to it, and rings the bell', async () => {
    const { service, sink } = bed
    const target = await taggedContainer(service, 3)
    await arrange(service, target, neutral(service.clock.now()))
    const recipient = `e2e-${randomBytes(3).toString('hex')}@example.com`
    const ruleId = await createRule(service, {
      name: 'Last free day in 2 days',
      condition: { kind: 'lfd_within', days: 2 },
      scope: { kind: 'tag', tag: target.tag },
      recipient_emails: [recipient],
    })
    await evaluateAlerts(service.storage, service.clock.now())

    const changed = performance.now()
    await arrange(service, target, { pickup_lfd: new Date(service.clock.now().getTime() + DAY) })
    await evaluateAlerts(service.storage, service.clock.now())
    await worker().drain()
    const delayMs = performance.now() - changed
    console.log(`${kind}: from the change to the email at the SMTP server, ${Math.round(delayMs)} ms`)

    const sent = sink.messages.filter((m) => m.to.includes(recipient))
    expect(sent).toHaveLength(1)
    const { parsed: message } = sent[0]
    expect(message.subject).toContain(target.number)
    // one truth: the email says the container page's words for the container as it is now
    const page = parsed(ContainerDocumentSchema, (await service.get(`/v2/containers/${target.id}`)).body)
    const [alert] = await alertsOf(service, ruleId)
    const state = containerStateOf(page.data.attributes, service.clock.now())
    expect(alert.title).toBe(`${target.number}: ${stateWords(state, page.data.attributes).label}`)
    expect(message.text).toContain(stateWords(state, page.data.attributes).label)
    const link = [...(message.text ?? '').matchAll(/https?:\/\/\S+/g)]
      .map((m) => m[0])
      .find((href) => href.includes('/containers/'))
    expect(new URL(link ?? '').pathname).toBe(`/containers/${target.id}`)

    // still true at the next ticks: no second alert, no second email
    await evaluateAlerts(service.storage, service.clock.now())
    await worker().drain()
    expect(sink.messages.filter((m) => m.to.includes(recipient))).toHaveLength(1)
    const bell = await service.get('/v2/alerts?page[size]=100')
    expect(bell.body.data.filter((a: { id: string }) => a.id === alert.id)).toHaveLength(1)
    expect(
      bell.body.data.find((a: { id: string }) => a.id === alert.id).relationships.container.data.id,
    ).toBe(target.id)
  })
})
