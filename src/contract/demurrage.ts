export type DemurrageTiers = readonly { from_day: number; per_day: number }[]

export function dayRate(day: number, tiers: DemurrageTiers) {
  let rate = 0
  for (const tier of [...tiers].sort((a, b) => a.from_day - b.from_day))
    if (tier.from_day <= day) rate = tier.per_day
  return rate
}

export function demurrageFor(days: number, tiers: DemurrageTiers) {
  let total = 0
  for (let day = 1; day <= days; day++) total += dayRate(day, tiers)
  return total
}

export type RailStorageTariff = { currency: string; tiers: DemurrageTiers; source: string }

/** Illustrative, shaped like a Class I railroad's storage charges: no rail tariff table exists to configure. */
export const RAIL_STORAGE_TARIFF: RailStorageTariff = {
  currency: 'USD',
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 3, per_day: 150 },
    { from_day: 5, per_day: 250 },
  ],
  source: "Illustrative rail storage tariff, like a Class I railroad's published storage charges",
}
