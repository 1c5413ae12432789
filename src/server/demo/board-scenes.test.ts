import { describe, expect, it } from 'vitest'
import { BOARD_TABS, boardTabsOf, DEFAULT_LFD_WITHIN_DAYS, lfdDaysLeft } from '../../contract/container-board'
import { CONTAINER_STATUSES, ContainerSchema } from '../../contract/containers'
import { returnDeadlineOf, returnZoneOf, tariffForPort } from '../../contract/detention'
import { seededRandom } from '../tracking/seeded-random'
import { CUSTOMERS, generateShipment, planningReferenceFrom } from './generate-shipment'
import { referenceRows } from './reference-rows'

const reference = referenceRows()
const planning = planningReferenceFrom(reference)
const customers = CUSTOMERS.map((company_name, i) => ({ id: `customer-${i}`, company_name }))

const json = (row: object) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))

/** What migration 0034's trigger sets at pickup, by the line's tariff for the port of discharge. */
function withDetention(
  a: Record<string, unknown>,
  shipment: { shipping_line_scac: string; port_of_discharge_locode?: string | null },
) {
  const line = reference.lineRows.find((l) => l.scac === shipment.shipping_line_scac)
  const tariff = tariffForPort(line?.detention_tariffs, shipment.port_of_discharge_locode)
  const pickedUp = (a.pod_full_out_at ?? a.final_destination_full_out_at) as string | null | undefined
  if (!tariff || !pickedUp) return a
  const zone = returnZoneOf(a as Parameters<typeof returnZoneOf>[0])
  const deadline = returnDeadlineOf(new Date(pickedUp), zone, tariff).toISOString()
  return { ...a, empty_return_deadline: deadline, detention_tariff: tariff }
}

/** The demo's first shipments as the loader asks for them: one per status, in order, until each is hit. */
function firstShipments(now: Date) {
  const random = seededRandom(`board-scenes:${now.toISOString()}`)
  const targets: string[] = [...CONTAINER_STATUSES]
  const shipments = []
  for (let n = 0; n < 40 && targets.length > 0; n++) {
    const shipment = generateShipment({
      accountId: 'account',
      now,
      reference,
      planning,
      customers,
      random,
      targetStatus: targets[0],
    })
    if (shipment.hitTarget) targets.shift()
    shipments.push(shipment)
  }
  return { shipments, missed: targets }
}

// every week of a year at a different hour, and the nights clocks change
const DATES = [
  ...Array.from({ length: 52 }, (_, week) =>
    new Date(Date.UTC(2026, 0, 1) + week * 7 * 86_400_000 + week * 3_700_000).toISOString(),
  ),
  '2026-11-22T12:00:00Z',
  '2027-03-14T06:30:00Z', // the morning US clocks go forward
  '2027-06-30T23:50:00Z', // late evening UTC, afternoon on the US west coast
  '2027-11-07T04:10:00Z', // the night US clocks go back, before midnight in the west
]

describe('the demo puts a container in every tab and state of the board, by construction', () => {
  for (const date of DATES)
    it(`at ${date}, hitting each status at the first try`, () => {
      const now = new Date(date)
      const { shipments, missed } = firstShipments(now)
      expect(missed).toEqual([])
      expect(shipments).toHaveLength(CONTAINER_STATUSES.length)
      const facts = shipments.flatMap((s) =>
        s.containers.map((row) => ({
          attributes: ContainerSchema.parse({
            id: row.id,
            type: 'container',
            attributes: withDetention(json(row), s.shipment),
          }).attributes,
          podEtaAt: s.shipment.pod_eta_at?.toISOString(),
          podAtaAt: s.shipment.pod_ata_at?.toISOString(),
        })),
      )
      const tabs = new Set(facts.flatMap((f) => boardTabsOf(f, now, DEFAULT_LFD_WITHIN_DAYS)))
      expect([...tabs].sort()).toEqual([...BOARD_TABS].sort())

      const waiting = facts.map((f) => f.attributes)
      const holds = waiting.flatMap((a) => a.holds_at_pod_terminal ?? [])
      expect(holds.some((h) => h.status === 'hold')).toBe(true)
      expect(holds.some((h) => h.status === 'pending')).toBe(true)
      expect(waiting.some((a) => a.available_for_pickup && lfdDaysLeft(a, now) === 0)).toBe(true)
      const overdueWithFees = waiting.filter(
        (a) =>
          !a.pod_full_out_at &&
          (lfdDaysLeft(a, now) ?? 0) < 0 &&
          a.fees_at_pod_terminal?.some((f) => f.type === 'demurrage'),
      )
      expect(overdueWithFees.length).toBeGreaterThanOrEqual(2)
      expect(
        waiting.some((a) => a.pod_full_out_at && a.fees_at_pod_terminal?.some((f) => f.type === 'demurrage')),
      ).toBe(true)
      const notYetReleased = (a: (typeof waiting)[number]) =>
        a.pod_discharged_at &&
        !a.available_for_pickup &&
        !a.holds_at_pod_terminal?.length &&
        !a.pod_full_out_at
      expect(waiting.some(notYetReleased)).toBe(true)
    })
})
