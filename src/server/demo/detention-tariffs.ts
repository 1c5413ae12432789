import type { DetentionTariff } from '../storage/schema'

const WEST_COAST = ['USLAX', 'USLGB', 'USOAK', 'USSEA', 'USTIW']

/** Illustrative, in the shape lines publish per diem (free days for the empty, then tiers); not any line's own. */
export function demoDetentionTariffs(line: { scac: string; name: string }): DetentionTariff[] {
  // the same line always gets the same figures: a surcharge and whether weekends use up free days
  const code = [...line.scac].reduce((sum, c) => sum + c.charCodeAt(0), 0)
  const surcharge = (code % 3) * 15
  const source = `Quayside demo detention tariff for ${line.name}: illustrative figures in the shape lines publish, not the line's own rates`
  const tiers = (rates: [number, number][]) =>
    rates.map(([from_day, per_day]) => ({ from_day, per_day: per_day + surcharge }))
  return [
    {
      ports: WEST_COAST,
      currency: 'USD',
      free_days: 4,
      weekends_excluded: false,
      tiers: tiers([
        [1, 125],
        [5, 200],
      ]),
      source: `${source} (US West Coast)`,
    },
    {
      ports: null,
      currency: 'USD',
      free_days: 5,
      weekends_excluded: code % 2 === 0,
      tiers: tiers([
        [1, 100],
        [4, 160],
        [8, 250],
      ]),
      source: `${source} (US East and Gulf Coasts)`,
    },
  ]
}
