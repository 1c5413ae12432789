/** A tariff's tiers: from the `from_day`-th day past the last free day, `per_day` a day. */
export type DemurrageTiers = readonly { from_day: number; per_day: number }[]

/** The charge for the `day`-th day past the last free day (1 is the first day past). */
export function dayRate(day: number, tiers: DemurrageTiers) {
  let rate = 0
  for (const tier of [...tiers].sort((a, b) => a.from_day - b.from_day))
    if (tier.from_day <= day) rate = tier.per_day
  return rate
}

/** What `days` days past the last free day cost in all, each day at its tier's rate. */
export function demurrageFor(days: number, tiers: DemurrageTiers) {
  let total = 0
  for (let day = 1; day <= days; day++) total += dayRate(day, tiers)
  return total
}

/** What a rail ramp charges a day past the railroad's last free day, and where the figures come from. */
export type RailStorageTariff = { currency: string; tiers: DemurrageTiers; source: string }

/**
 * An illustrative rail storage tariff, per day past the railroad's last free day, in the shape of a Class I
 * railroad's published intermodal storage charges (rising with the days). No railroad publishes these
 * exact figures: there is no rail tariff table to configure, so every ramp is projected by this one.
 */
export const RAIL_STORAGE_TARIFF: RailStorageTariff = {
  currency: 'USD',
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 3, per_day: 150 },
    { from_day: 5, per_day: 250 },
  ],
  source: "Illustrative rail storage tariff, like a Class I railroad's published storage charges",
}
