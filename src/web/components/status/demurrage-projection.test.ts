import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { RAIL_STORAGE_TARIFF } from '../../../contract/demurrage'
import { lfdCountdown } from '../time/lfd'
import { projectDemurrage } from './demurrage-projection'

const NOW = new Date('2026-11-22T17:00:00Z')
const ZONE = 'America/New_York'
const lfd = (days: number) => new Date(Date.UTC(2026, 10, 22 + days, 5)).toISOString()
const TARIFF = {
  currency: 'USD',
  free_days: 4,
  tiers: [
    { from_day: 1, per_day: 150 },
    { from_day: 3, per_day: 250 },
  ],
  source: 'Demo tariff',
}
const attributes = (extra: Record<string, unknown>) =>
  ContainerSchema.parse({
    id: 'c',
    type: 'container',
    attributes: { number: 'X', pod_timezone: ZONE, ...extra },
  }).attributes

const project = (
  days: number,
  extra: Record<string, unknown> = {},
  tariff: typeof TARIFF | null = TARIFF,
) => {
  const a = attributes({ pickup_lfd: lfd(days), ...extra })
  return projectDemurrage(a, lfdCountdown(a.pickup_lfd, ZONE, NOW), tariff)
}

describe('projectDemurrage', () => {
  it('prices an overdue container by the tiers: two days past, plus its exam fee, and the third day next', () => {
    expect(project(-2, { fees_at_pod_terminal: [{ type: 'exam', amount: 400 }] })).toEqual({
      today: 150 + 150 + 400,
      perDay: 250,
      currency: 'USD',
      overdue: true,
      source: 'Demo tariff',
    })
  })

  it('tells a container due tomorrow what each day after its last free day will cost', () => {
    expect(project(1)).toMatchObject({ today: 0, perDay: 150, overdue: false })
  })

  it('prices no pickup while a hold keeps the container at the terminal', () => {
    const discharged = { pod_discharged_at: lfd(-6) }
    expect(project(-2, { ...discharged, holds_at_pod_terminal: [{ name: 'other', status: 'hold' }] })).toBe(
      undefined,
    )
    expect(project(-2, discharged)).toMatchObject({ today: 300, overdue: true })
  })

  it('says nothing far from the last free day or without a tariff', () => {
    expect(project(5)).toBeUndefined()
    expect(project(-1, {}, null)).toBeUndefined()
  })

  it("prices a rail ramp's passed last free day by the illustrative rail storage tariff, not the terminal's", () => {
    const railPassed = { import_deadlines: { pickup_lfd_rail: lfd(-3) } }
    const fees = { fees_at_pod_terminal: [{ type: 'exam', amount: 400 }] }
    expect(project(-3, { ...railPassed, ...fees }, null)).toEqual({
      today: 100 + 100 + 150,
      perDay: 150,
      currency: 'USD',
      overdue: true,
      source: RAIL_STORAGE_TARIFF.source,
      rail: true,
    })
    expect(RAIL_STORAGE_TARIFF.source).toMatch(/^Illustrative/)
  })
})
