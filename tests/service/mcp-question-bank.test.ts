import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'
import { callTool, httpClient, type ToolAnswer } from './mcp-client'
import { type Facts, QUESTION_BANK, type Question } from './mcp-question-bank'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('the question bank, asked through /mcp on %s', (kind) => {
  let service: Service
  let client: Client
  let facts: Facts
  /** Never in an answer: the keys, the webhooks' secrets and another account's container numbers. */
  let forbidden: string[] = []
  const get = async (path: string) => (await service.get(path)).body
  const first = async (tab: string) => (await get(`/v2/containers?filter[tab]=${tab}&page[size]=1`)).data[0]

  beforeAll(async () => {
    service = await startService(kind, { gateway: true, readDocuments: true })
    client = await httpClient(service.baseUrl, KEY)
    const overdue = await first('overdue')
    const shipment = (await get(`/v2/shipments/${overdue.relationships.shipment.data.id}`)).data
    const documents = (await get('/v2/documents?page[size]=100')).data
    const linked = documents.find(
      (d: { relationships: { shipments: { data: unknown[] } } }) => d.relationships.shipments.data.length,
    )
    const linkedShipment = await get(
      `/v2/shipments/${linked.relationships.shipments.data[0].id}?include=containers`,
    )
    const documentedContainer = linkedShipment.included.find((r: { type: string }) => r.type === 'container')
    const others = (await service.get('/v2/containers?page[size]=100', OTHER_KEY)).body.data
    facts = {
      now: service.clock.now(),
      overdue,
      onHold: await first('on_hold'),
      available: await first('available'),
      arriving: await first('arriving'),
      billOfLading: shipment.attributes.bill_of_lading_number,
      documented: { containerId: documentedContainer.id, number: documentedContainer.attributes.number },
      otherNumber: others[0].attributes.number,
    }
    const webhooks = (await get('/v2/webhooks')).data as { attributes: { secret?: string } }[]
    forbidden = [
      KEY,
      READ_KEY,
      OTHER_KEY,
      ...webhooks.map((w) => w.attributes.secret).filter((s): s is string => Boolean(s)),
      ...others.map((c: { attributes: { number: string } }) => c.attributes.number),
    ]
    expect(forbidden.length).toBeGreaterThan(4)
  })
  afterAll(async () => {
    await client?.close()
    await service?.stop()
  })

  const ask = async (question: Question) => {
    const phrasings = question.phrasings(facts)
    expect(phrasings.length).toBeGreaterThan(0)
    expect(new Set(phrasings).size).toBe(phrasings.length)
    const answers: ToolAnswer[] = []
    const calls = question.calls(facts)
    for (const { tool, args } of calls) answers.push(await callTool(client, tool, args))
    // a number the question itself asks about may be said back ("No container X in this account")
    const asked = JSON.stringify(calls)
    await question.check(answers, facts, get)
    for (const answer of answers) {
      const said = `${answer.text}\n${JSON.stringify(answer.data)}`
      for (const secret of forbidden.filter((s) => !asked.includes(s)))
        expect(said, `${question.id} must not say ${secret.slice(0, 6)}…`).not.toContain(secret)
    }
  }

  for (const question of QUESTION_BANK.filter((q) => !q.stale))
    it(`${question.kind}: ${question.id}`, () => ask(question))

  it('guardrails: after eight days without a terminal check, no urgency is claimed', async () => {
    service.advance(8 * DAY)
    facts = { ...facts, now: service.clock.now() }
    for (const question of QUESTION_BANK.filter((q) => q.stale)) await ask(question)
  })
})
