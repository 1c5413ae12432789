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
