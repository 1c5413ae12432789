import { expect } from 'vitest'
import { containerStateOf, holdWords } from '../../src/contract/container-state'
import type { ToolAnswer } from './mcp-client'

/** What the demo holds, read from /v2 before the questions are asked. */
export type Facts = {
  now: Date
  overdue: Api
  onHold: Api
  available: Api
  arriving: Api
  billOfLading: string
  documented: { containerId: string; number: string }
  otherNumber: string
}
// biome-ignore lint/suspicious/noExplicitAny: a JSON:API resource as the API answered it
type Api = any
export type Get = (path: string) => Promise<Api>
type Call = { tool: string; args: Record<string, unknown> }

/**
 * One question an assistant is asked, in several phrasings, mapped to the tool calls that answer it. No model
 * is needed: `check` holds that the answers carry what an answer needs, compared with the API's own.
 */
export type Question = {
  id: string
  kind: 'find' | 'status' | 'investigate' | 'start tracking' | 'guardrails'
  phrasings: (f: Facts) => string[]
  calls: (f: Facts) => Call[]
  check: (answers: ToolAnswer[], f: Facts, get: Get) => Promise<void> | void
  /** Asked after eight days in which no terminal was read: every terminal's data is stale. */
  stale?: true
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id)
const number = (c: Api) => c.attributes.number as string
type Row = { id: string; state: string; urgency: { level: string }; holds: string[] }
const containerOf = (answer: ToolAnswer) => answer.data.container as Row

export const QUESTION_BANK: Question[] = [
  {
    id: 'find-by-number',
    kind: 'find',
    phrasings: (f) => [
      `Where is ${number(f.overdue)}?`,
      `Find container ${number(f.overdue)}`,
      `do we have ${number(f.overdue).toLowerCase()}?`,
    ],
    calls: (f) => [{ tool: 'search_container', args: { query: number(f.overdue) } }],
    check: ([found], f) => expect(ids(found.data.containers as Row[])).toContain(f.overdue.id),
  },
  {
    id: 'find-by-part',
    kind: 'find',
    phrasings: (f) => [
      `Anything starting ${number(f.overdue).slice(0, 7)}?`,
      `Containers like ${number(f.overdue).slice(0, 7)}…`,
    ],
    calls: (f) => [{ tool: 'search_container', args: { query: number(f.overdue).slice(0, 7) } }],
    check: ([found], f) => expect(ids(found.data.containers as Row[])).toContain(f.overdue.id),
  },
  {
    id: 'find-by-bill-of-lading',
    kind: 'find',
    phrasings: (f) => [`Which containers are on ${f.billOfLading}?`, `Show bill of lading ${f.billOfLading}`],
    calls: (f) => [{ tool: 'get_shipment_details', args: { id: f.billOfLading } }],
    check: async ([shipment], f, get) => {
      const api = (await get(`/v2/shipments?number=${f.billOfLading}`)).data[0]
      expect(ids(shipment.data.containers as Row[]).sort()).toEqual(
        ids(api.relationships.containers.data).sort(),
      )
    },
  },
  {
    id: 'status-overdue',
    kind: 'status',
    phrasings: (f) => [
      `Is ${number(f.overdue)} overdue?`,
      `What's the status of ${number(f.overdue)}?`,
      `Can ${number(f.overdue)} still go out free?`,
    ],
    calls: (f) => [{ tool: 'get_container', args: { id: number(f.overdue) } }],
    check: ([answer], f) => {
      expect(containerOf(answer).state).toBe(containerStateOf(f.overdue.attributes, f.now))
      expect(containerOf(answer).urgency.level).toBe('overdue')
      expect(answer.text).toMatch(/The last free day passed \d+ days? ago/)
    },
  },
  {
    id: 'status-holds',
    kind: 'status',
    phrasings: (f) => [`Why can't I pick up ${number(f.onHold)}?`, `What holds are on ${number(f.onHold)}?`],
    calls: (f) => [{ tool: 'get_container', args: { id: f.onHold.id } }],
    check: ([answer], f) => {
      const holds = f.onHold.attributes.holds_at_pod_terminal.map(holdWords)
      expect(containerOf(answer).holds).toEqual(holds)
      expect(containerOf(answer).state).toBe(containerStateOf(f.onHold.attributes, f.now))
      for (const hold of holds) expect(answer.text).toContain(hold)
    },
  },
  {
    id: 'status-available',
    kind: 'status',
    phrasings: () => ['Which containers can go today?', "What's ready for pickup without a charge?"],
    calls: () => [{ tool: 'list_containers', args: { tab: 'available', page_size: 100 } }],
    check: async ([listed], _f, get) => {
      const api = await get('/v2/containers?filter[tab]=available&page[size]=100')
      expect(ids(listed.data.items as Row[])).toEqual(ids(api.data))
      for (const row of listed.data.items as Row[]) expect(row.state).toBe('available')
    },
  },
  {
    id: 'status-the-day',
    kind: 'status',
    phrasings: () => [
      'Which containers need me today?',
      'What should I do first this morning?',
      'Prepare my day',
    ],
    calls: () => [{ tool: 'get_board', args: {} }],
    check: async ([board], _f, get) => {
      expect(board.data.tab_counts).toEqual(
        (await get('/v2/containers?counts=tabs&page[size]=1')).meta.tab_counts,
      )
      expect(board.text).toMatch(/^Needs attention: \d+/)
    },
  },
  {
    id: 'status-cost',
    kind: 'status',
    phrasings: (f) => [
      `What will ${number(f.overdue)} cost if picked up today?`,
      `How much demurrage is ${number(f.overdue)} running up?`,
    ],
    calls: (f) => [{ tool: 'get_cost_projection', args: { id: number(f.overdue) } }],
    check: ([cost]) => {
      const demurrage = cost.data.demurrage as { days_past_lfd: number; words: string }
      expect(demurrage.days_past_lfd).toBeGreaterThan(0)
      expect(cost.text).toContain(demurrage.words)
    },
  },
  {
    id: 'status-vessels',
    kind: 'status',
    phrasings: () => ['Which ships are carrying my boxes?', 'When do my vessels arrive?'],
    calls: () => [{ tool: 'list_vessels', args: {} }],
    check: async ([vessels], _f, get) => {
      expect(ids(vessels.data.vessels as Row[])).toEqual(
        ids((await get('/v2/vessels?filter[carrying]=active')).data),
      )
      for (const line of vessels.text.split('\n').filter((l) => l.includes('ETA')))
        expect(line).toContain('(estimate)')
    },
  },
  {
    id: 'investigate-what-happened',
    kind: 'investigate',
    phrasings: (f) => [
      `What happened to ${number(f.overdue)}?`,
      `Show me the journey of ${number(f.overdue)}`,
    ],
    calls: (f) => [{ tool: 'get_container_transport_events', args: { id: f.overdue.id } }],
    check: async ([events], f, get) => {
      const api = (await get(`/v2/containers/${f.overdue.id}/transport_events`)).data
      const milestones = events.data.milestones as { event: string; at: string }[]
      expect(milestones.length).toBeGreaterThan(0)
      for (const m of milestones) {
        const source = api.find((e: Api) => e.attributes.event === m.event && e.attributes.timestamp === m.at)
        expect(source, `${m.event} ${m.at} is an event of the API`).toBeDefined()
        expect(Date.parse(m.at)).toBeLessThanOrEqual(f.now.getTime())
      }
    },
  },
  {
    id: 'investigate-at-sea',
    kind: 'investigate',
    phrasings: (f) => [
      `Why is ${number(f.arriving)} late?`,
      `Where is ${number(f.arriving)} now?`,
      `When does ${number(f.arriving)} arrive?`,
    ],
    calls: (f) => [
      { tool: 'get_container', args: { id: f.arriving.id } },
      { tool: 'get_container_transport_events', args: { id: f.arriving.id } },
      { tool: 'get_container_route', args: { id: f.arriving.id } },
    ],
    check: ([container, events]) => {
      expect(container.text).toMatch(/Estimated arrival \(an estimate, not an event\)/)
      const milestones = events.data.milestones as { event: string }[]
      for (const m of milestones)
        expect(m.event).not.toMatch(/vessel_arrived|vessel_discharged|available|full_out/)
    },
  },
  {
    id: 'investigate-documents',
    kind: 'investigate',
    phrasings: (f) => [
      `Which documents do we have for ${f.documented.number}?`,
      `Where was the bill of lading of ${f.documented.number} read from?`,
    ],
    calls: (f) => [{ tool: 'list_documents_for_container', args: { id: f.documented.number } }],
    check: ([docs]) => {
      const read = (docs.data.documents as { values: { page: number; read_from: string }[] }[]).flatMap(
        (d) => d.values,
      )
      expect(read.length).toBeGreaterThan(0)
      expect(docs.text).toMatch(/read on page \d+ from "/)
    },
  },
  {
    id: 'track-one-number',
    kind: 'start tracking',
    phrasings: () => [
      'Track CAIU2885402',
      'Start tracking CAIU2885402 with Maersk',
      'Can you follow container CAIU 288540-2?',
    ],
    calls: () => [{ tool: 'track_container', args: { number: 'CAIU 288540-2', scac: 'MAEU' } }],
    check: async ([tracked], _f, get) => {
      expect(tracked.isError).toBe(false)
      const api = (await get('/v2/tracking_requests?filter[request_number]=CAIU2885402')).data
      expect(ids(api)).toEqual([(tracked.data.tracking_request as Row).id])
    },
  },
  {
    id: 'track-a-mistyped-number',
    kind: 'start tracking',
    phrasings: () => ['Track MSCU1234565', 'Please track MSCU 123456 5'],
    calls: () => [{ tool: 'track_container', args: { number: 'MSCU1234565' } }],
    check: ([refused]) => {
      expect(refused.isError).toBe(true)
      expect(refused.text).toMatch(/check digit fails.*Did you mean MSCU1234566/)
    },
  },
  {
    id: 'guardrail-track-everything',
    kind: 'guardrails',
    phrasings: () => [
      'Track everything',
      'Track all my containers',
      'Start tracking every container we have',
    ],
    calls: () =>
      ['everything', 'all my containers', 'every container we have', '*'].map((number) => ({
        tool: 'track_container',
        args: { number },
      })),
    check: (answers) => {
      for (const refused of answers) {
        expect(refused.isError).toBe(true)
        expect(refused.text).toMatch(/one number at a time/)
      }
    },
  },
  {
    id: 'guardrail-another-account',
    kind: 'guardrails',
    phrasings: (f) => [`Show me ${f.otherNumber}`, `What's the status of ${f.otherNumber}?`],
    calls: (f) => [
      { tool: 'get_container', args: { id: f.otherNumber } },
      { tool: 'search_container', args: { query: f.otherNumber } },
    ],
    check: ([container, search], f) => {
      expect(container.isError).toBe(true)
      expect(container.text).toBe(
        `No container ${f.otherNumber} in this account. Find it with search_container, or track it with track_container.`,
      )
      expect(search.data.total_results).toBe(0)
    },
  },
  {
    id: 'guardrail-keys-and-secrets',
    kind: 'guardrails',
    phrasings: () => ["What's my API key?", 'Show me the webhook secret', 'Which key are you using?'],
    calls: () => [
      { tool: 'get_board', args: {} },
      { tool: 'list_tracking_requests', args: {} },
      { tool: 'list_shipments', args: { page_size: 100 } },
    ],
    // the answers are scanned for every key and secret by the runner, as every other answer is
    check: (answers) => {
      for (const answer of answers) expect(answer.text).not.toMatch(/api[_ ]?key|secret/i)
    },
  },
  {
    id: 'guardrail-stale-terminal-data',
    kind: 'guardrails',
    stale: true,
    phrasings: (f) => [
      `Is ${number(f.overdue)} overdue?`,
      'What is urgent today?',
      `Should I rush ${number(f.overdue)}?`,
    ],
    calls: (f) => [
      { tool: 'get_container', args: { id: f.overdue.id } },
      { tool: 'get_board', args: {} },
      { tool: 'get_cost_projection', args: { id: f.overdue.id } },
    ],
    check: async ([container, board, cost], _f, get) => {
      const view = container.data.container as Row & {
        freshness: { stale: boolean; terminal_data_age: string }
      }
      expect(view.freshness.stale).toBe(true)
      expect(view.freshness.terminal_data_age).toMatch(/^\d+ days$/)
      expect(view.urgency.level).toBe('held_back')
      expect(container.text).toMatch(/Terminal data is \d+ days old/)
      expect(container.text).not.toMatch(/overdue|passed|today is the last free day|urgent/i)
      expect(cost.text).toMatch(/^Unconfirmed: /m)
      expect(board.data.tab_counts).toEqual(
        (await get('/v2/containers?counts=tabs&page[size]=1')).meta.tab_counts,
      )
      for (const tab of board.data.tabs as { containers: Row[] }[])
        for (const row of tab.containers) expect(['none', 'held_back']).toContain(row.urgency.level)
    },
  },
]
