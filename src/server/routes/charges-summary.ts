import { dateOfDay, dayOf } from '../../contract/charge-period'
import {
  CHARGE_GROUPINGS,
  type ChargeGrouping,
  ChargesSummaryDocumentSchema,
  MAX_CHARGE_PERIOD_DAYS,
} from '../../contract/charges-summary'
import { demurrageSpan } from '../../contract/demurrage-span'
import type { Deps } from '../deps'
import { badParameter } from '../http/problem'
import { asOneOf, defaulted, optional, refuse } from '../http/query-params'
import { route, routes } from '../http/route'
import { eachInSlices } from '../in-slices'
import { respond } from '../jsonapi/respond'
import { type ChargeGroup, chargeSums } from './charges-aggregate'
import { detentionOf } from './charges-detention'
import { partyScope } from './party-scope'
import { selfLink } from './respond-with'

const DAY = 86_400_000

const NOTES = [
  'Settled: the container has left the terminal or ramp, so its charge is fixed. It is not a record of payment.',
  'Accruing: the container still waits; what it has come to by now.',
  "Demurrage is priced by the terminal's tariff, as on the container page; a railroad's last free day by the illustrative rail storage tariff. Other terminal fees are not included.",
  'Days count in the zone of the port or ramp; a container counts here only for its charged days inside the period.',
  "Detention is priced by the shipping line's tariff for the empty, as on the container page, from the day after its return deadline; settled once the empty is returned.",
]
const asDay = (raw: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(raw) && dateOfDay(dayOf(raw)) === raw
    ? raw
    : refuse('must be a date, YYYY-MM-DD')

function periodOf(now: Date, from: string | undefined, to: string | undefined) {
  const end = to ?? now.toISOString().slice(0, 10)
  const start = from ?? `${end.slice(0, 8)}01`
  if (dayOf(start) > dayOf(end)) throw badParameter('filter[to]', 'must not be before filter[from]')
  if (dayOf(end) - dayOf(start) + 1 > MAX_CHARGE_PERIOD_DAYS)
    throw badParameter('filter[to]', `must be at most ${MAX_CHARGE_PERIOD_DAYS} days after filter[from]`)
  return { start, end, days: { from: dayOf(start), to: dayOf(end) } }
}

const nameOf = (group: ChargeGrouping, name: string | null, id: string | null) =>
  name ?? (id ? 'Unnamed' : group === 'customer' ? 'No customer' : 'No terminal')

const rowOf =
  (group: ChargeGrouping) =>
  ({ groupId, name, ...figures }: ChargeGroup) => ({
    id: `${group}:${groupId ?? 'none'}:${figures.currency}`,
    type: 'charges_summary_row',
    attributes: { group_by: group, group_id: groupId, name, ...figures },
  })

export const chargesSummaryRoutes = ({ storage, clock }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/charges_summary',
        customer: 'party-scoped',
        summary:
          'Demurrage and detention per customer or terminal over a period: settled, accruing, days past free time',
        description: `A Quayside extension. ${NOTES.join(' ')}`,
        query: {
          group_by: defaulted(asOneOf(CHARGE_GROUPINGS), 'customer', 'customer or terminal'),
          'filter[from]': optional(
            asDay,
            'First day of the period (YYYY-MM-DD); the first of filter[to]’s month unless given',
          ),
          'filter[to]': optional(asDay, 'Last day of the period (YYYY-MM-DD); today (UTC) unless given'),
        },
        response: ChargesSummaryDocumentSchema,
      },
      async (c, { query }) => {
        const now = clock.now()
        const group = query.group_by
        const period = periodOf(now, query['filter[from]'], query['filter[to]'])
        const pages = storage.charges.candidatePages(c.var.caller.accountId, {
          from: new Date(period.days.from * DAY),
          toEnd: new Date((period.days.to + 1) * DAY),
          group,
          partyId: partyScope(c, c.var.caller),
        })
        // a page at a time, priced in slices, so a large account's summary never holds up other requests for long
        const sums = chargeSums(period.days, true)
        for await (const page of pages)
          await eachInSlices(page, (candidate) =>
            sums.add({
              groupId: candidate.groupId,
              groupName: nameOf(group, candidate.groupName, candidate.groupId),
              count: candidate.count,
              demurrage: demurrageSpan(candidate.attributes, candidate.tariff, now),
              detention: detentionOf(candidate, now),
            }),
          )
        const { rows, totals } = sums.result()
        return respond(c, {
          data: rows.map(rowOf(group)),
          links: { self: selfLink(c) },
          meta: {
            group_by: group,
            from: period.start,
            to: period.end,
            totals,
            detention_available: true,
            notes: NOTES,
          },
        })
      },
    ),
  )
