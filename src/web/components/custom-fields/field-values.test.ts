import { describe, expect, it } from 'vitest'
import { instantOf, slugFrom, wallTimeIn } from './field-values'

describe('custom field values in the dashboard', () => {
  it.each([
    ['Customer PO #', 'customer_po'],
    ['  2nd Broker ', 'nd_broker'],
    ['Café crème', 'cafe_creme'],
  ])('derives the slug of %j as %j', (name, slug) => {
    expect(slugFrom(name)).toBe(slug)
  })

  it.each([
    ['America/Los_Angeles', '2026-03-14T09:30', '2026-03-14T16:30:00.000Z'],
    ['Asia/Shanghai', '2026-03-14T09:30', '2026-03-14T01:30:00.000Z'],
    ['America/New_York', '2026-03-08T03:30', '2026-03-08T07:30:00.000Z'],
    ['Europe/Rotterdam'.replace('Rotterdam', 'Amsterdam'), '2026-10-25T12:00', '2026-10-25T11:00:00.000Z'],
  ])('reads a wall time in %s as the instant it names there', (zone, wall, instant) => {
    expect(instantOf(wall, zone)).toBe(instant)
    expect(wallTimeIn(instant, zone)).toBe(wall)
  })
})
