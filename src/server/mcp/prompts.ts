import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

const ask = (text: string) => ({
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
})
const GUARDRAILS =
  'Use only what the tools return. Never state a milestone that is not in get_container_transport_events; call estimates estimates. When a tool says terminal data is stale or the last free day unconfirmed, say so and do not call it urgent. Never ask for or repeat an API key.'

export function registerPrompts(server: McpServer) {
  server.registerPrompt(
    'track_shipment',
    {
      title: 'Track a shipment',
      description: 'Start tracking a number, or report on it if it is already tracked',
      argsSchema: {
        number: z.string().describe('Container, bill of lading or booking number'),
        carrier: z.string().optional().describe('Shipping line SCAC, e.g. MSCU'),
      },
    },
    ({ number, carrier }) =>
      ask(
        `Find ${number} with search_container. If it is tracked, show its state, location, holds and last free day with get_container. If not, start tracking it with track_container${carrier ? ` (SCAC ${carrier})` : ''} and say when to check back. ${GUARDRAILS}`,
      ),
  )
  server.registerPrompt(
    'check_demurrage',
    {
      title: 'Check demurrage and detention',
      description: 'What a container costs if picked up, or its empty returned, on a day',
      argsSchema: {
        container: z.string().describe('Container number or Quayside id'),
        pickup_date: z.string().optional().describe('YYYY-MM-DD'),
      },
    },
    ({ container, pickup_date }) =>
      ask(
        `For container ${container}: call get_container, then get_cost_projection${pickup_date ? ` with pickup_date ${pickup_date}` : ''}. Report the last free day and where it came from, days left, holds that block pickup, the demurrage if picked up ${pickup_date ?? 'today'} and detention if the empty is returned late, and the action that avoids charges. ${GUARDRAILS}`,
      ),
  )
  server.registerPrompt(
    'analyze_delays',
    {
      title: 'Analyse delays',
      description: "Where a container's journey lost time, from what actually happened",
      argsSchema: { container: z.string().describe('Container number or Quayside id') },
    },
    ({ container }) =>
      ask(
        `For container ${container}: call get_container_transport_events and get_container_route. Compare actual times with the original estimates, find long gaps (transshipment, berth wait, discharge, availability, holds) and summarise the effect on arrival. ${GUARDRAILS}`,
      ),
  )
  server.registerPrompt(
    'prepare_the_day',
    {
      title: 'Prepare the day',
      description: 'What needs doing today, from the needs-attention board',
      argsSchema: {},
    },
    () =>
      ask(
        `Call get_board. List what needs someone today: overdue containers and those whose last free day is near (cost with get_cost_projection), holds to chase, containers available to book, and arrivals this week. Put containers with stale terminal data apart as "to confirm with the terminal", not as urgent. ${GUARDRAILS}`,
      ),
  )
}
