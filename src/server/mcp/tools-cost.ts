import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { isDone, isOnHold, isWaiting, lfdDaysLeft, lfdZoneOf } from '../../contract/container-board'
import { holdsLine, type StateAttributes } from '../../contract/container-state'
import { type DemurrageTiers, dayRate, demurrageFor, RAIL_STORAGE_TARIFF } from '../../contract/demurrage'
import { returnZoneOf } from '../../contract/detention'
import { localDay } from '../../contract/local-day'
import type { DemurrageTariff } from '../../contract/terminals'
import type { ApiReader } from './api-client'
import { containerView } from './container-view'
import { detentionIfReturnedOn } from './detention-on-return'
import { related } from './json-api'
import { findContainer } from './lookups'
import { answer, guarded, READ_ONLY, ToolRefusal } from './tool-kit'

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T12:00:00Z`)), 'Not a calendar day')

/** Owed at the terminal besides demurrage, as the dashboard's projection counts it. */
const otherTerminalCharges = (a: StateAttributes) =>
  (a.fees_at_pod_terminal ?? [])
    .filter((fee) => fee.type !== 'demurrage' && fee.type !== 'total')
    .reduce((sum, fee) => sum + (fee.amount ?? 0), 0)

type Priced = { tiers: DemurrageTiers; currency?: string | null; source?: string | null }

/** Demurrage if picked up on `pickup`: the contract's tariff arithmetic, or why there is no price. */
function demurrageIfPickedUpOn(
  a: StateAttributes,
  pickup: string,
  tariff: DemurrageTariff | null | undefined,
) {
  if (isDone(a)) return { amount: null, words: 'Already picked up: no demurrage accrues at the terminal.' }
  if (!isWaiting(a))
    return { amount: null, words: 'Not discharged yet: no last free day, so no demurrage to project.' }
  if (isOnHold(a))
    return {
      amount: null,
      words: `No price while a hold blocks pickup: ${holdsLine(a)} must clear first.`,
    }
  const left = lfdDaysLeft(a, new Date(`${pickup}T12:00:00Z`))
  if (left === undefined) return { amount: null, words: 'No last free day is known yet.' }
  const rail = Boolean(a.import_deadlines?.pickup_lfd_rail)
  const priced: Priced | null | undefined = rail ? RAIL_STORAGE_TARIFF : tariff
  if (!priced || priced.tiers.length === 0)
    return {
      amount: null,
      days_past_lfd: Math.max(0, -left),
      words: 'The terminal has no demurrage tariff in Quayside: no price.',
    }
  const daysPast = Math.max(0, -left)
  const amount = demurrageFor(daysPast, priced.tiers) + (rail ? 0 : otherTerminalCharges(a))
  const currency = priced.currency ?? 'USD'
  return {
    amount,
    currency,
    days_past_lfd: daysPast,
    per_day_after: dayRate(daysPast + 1, priced.tiers),
    tariff_source: priced.source ?? null,
    rail,
    words:
      daysPast === 0
        ? `Picked up on ${pickup}: within free time; ${amount} ${currency} in other terminal charges.`
        : `Picked up on ${pickup}: ${daysPast} day${daysPast === 1 ? '' : 's'} past the last free day, ${amount} ${currency} in all (${rail ? 'illustrative rail storage tariff' : "the terminal's tariff and its other charges"}).`,
  }
}

export function registerCostTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_cost_projection',
    {
      title: 'Project demurrage and detention',
      description:
        "What a container costs if picked up on a day (demurrage by the terminal's tariff, or the rail storage tariff at a ramp) and, after pickup, if the empty is returned on a day (days past the return deadline). Nothing is priced while a hold blocks pickup. With stale terminal data the answer says the last free day is unconfirmed.",
      inputSchema: {
        id: z.string().trim().min(1).max(100).describe('The Quayside container id (UUID), or its number'),
        pickup_date: day.optional().describe("YYYY-MM-DD in the port's zone; today unless given"),
        return_date: day.optional().describe('YYYY-MM-DD the empty goes back; for detention'),
      },
      annotations: READ_ONLY,
    },
    guarded(async ({ id, pickup_date, return_date }) => {
      const { body, now } = await findContainer(reader, id)
      const container = body.data
      const a = container.attributes as StateAttributes
      const zone = lfdZoneOf(a)
      const today = localDay(now, zone)
      if (pickup_date && pickup_date < today)
        throw new ToolRefusal(
          `${pickup_date} has passed (today is ${today} at the port): pick today or a later day.`,
        )
      const view = containerView(container, body.included ?? [], now)
      const tariff = related(container, 'pod_terminal', body.included ?? [])?.attributes.demurrage_tariff
      const demurrage = demurrageIfPickedUpOn(a, pickup_date ?? today, tariff)
      const detention = detentionIfReturnedOn(a, return_date ?? localDay(now, returnZoneOf(a)))
      const caveat = view.freshness.stale ? `Unconfirmed: ${view.freshness.note}` : view.freshness.note
      const text = [
        `${view.number}: ${view.headline} [${view.state}]`,
        demurrage.words,
        detention.words,
        caveat,
      ].join('\n')
      return answer(text, {
        container_id: container.id,
        number: view.number,
        state: view.state,
        demurrage,
        detention,
        freshness: view.freshness,
        urgency: view.urgency,
        as_of: now.toISOString(),
      })
    }),
  )
}
