import type { DemurrageTariff } from '../storage/schema'

type Region = { ports: string[]; freeDays: number; tiers: [number, number][] }

/** Illustrative, in the tiered shape US terminals publish; not any terminal's tariff. */
const REGIONS: Region[] = [
  {
    ports: ['USLAX', 'USLGB', 'USOAK', 'USSEA', 'USTIW'],
    freeDays: 4,
    tiers: [
      [1, 150],
      [5, 225],
      [9, 350],
    ],
  },
  {
    ports: ['USNYC'],
    freeDays: 4,
    tiers: [
      [1, 175],
      [4, 300],
      [8, 450],
    ],
  },
  {
    ports: ['USSAV', 'USORF', 'USBAL', 'USBOS', 'USPHL', 'USJAX', 'USMIA', 'USPEF'],
    freeDays: 5,
    tiers: [
      [1, 125],
      [5, 200],
      [10, 300],
    ],
  },
  {
    ports: ['USHOU', 'USMSY', 'USMOB', 'USPOT'],
    freeDays: 5,
    tiers: [
      [1, 100],
      [6, 175],
      [11, 275],
    ],
  },
]

export function demoTariff(terminal: {
  name: string
  port_code: string
  firms_code: string
}): DemurrageTariff | null {
  const region = REGIONS.find((r) => r.ports.includes(terminal.port_code))
  if (!region) return null
  // the same terminal always gets the same surcharge
  const surcharge = ([...terminal.firms_code].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 3) * 25
  return {
    currency: 'USD',
    free_days: region.freeDays,
    tiers: region.tiers.map(([from_day, per_day]) => ({ from_day, per_day: per_day + surcharge })),
    source: `Quayside demo tariff for ${terminal.name}: illustrative figures in the shape US terminals publish, not the terminal's own rates`,
  }
}
