import type { ports, shippingLines, terminals, vessels } from '../storage/schema'
import { imoCheckDigit } from '../tracking/check-digits'
import { seededRandom } from '../tracking/seeded-random'
import { CARRIERS } from './carriers'
import { demoDetentionTariffs } from './detention-tariffs'
import { PORTS } from './ports'
import { demoTariff } from './tariffs'
import { KNOWN_ADDRESSES, TERMINALS } from './terminals'
import { US_STATES } from './us-states'

const VESSEL_NAMES = [
  'MAERSK ESSEN',
  'MSC GULSUN',
  'CMA CGM MARCO POLO',
  'EVER GIVEN',
  'COSCO SHIPPING ARIES',
  'ONE APUS',
  'HMM ALGECIRAS',
  'YM WELLNESS',
  'OOCL HONG KONG',
  'HAPAG BERLIN EXPRESS',
  'ZIM SAMMY OFER',
  'WAN HAI 625',
  'APL CHANGI',
  'CSCL SATURN',
  'MSC ANNA',
  'MAERSK HANGZHOU',
  'EVER ACE',
  'ONE STORK',
  'CMA CGM JACQUES SAADE',
  'SEASPAN BRIGHTNESS',
  'MATSON KAHIKI',
  'HYUNDAI DREAM',
  'SAFMARINE NOKWANDA',
  'SEALAND GUAYAQUIL',
]

/** Ids are the same on every machine. */
export function referenceRows() {
  const random = seededRandom('quayside-reference')
  const portRows = PORTS.map((p) => ({
    id: random.uuid(),
    ...p,
    inland: p.inland ?? false,
  })) satisfies (typeof ports.$inferInsert)[]
  const portId = new Map(portRows.map((p) => [p.code, p.id]))
  const terminalRows = TERMINALS.filter((t) => portId.has(t.port_code)).map((t) => {
    const address = KNOWN_ADDRESSES[t.firms_code]
    return {
      id: random.uuid(),
      port_id: portId.get(t.port_code)!,
      name: t.name,
      nickname: t.nickname,
      firms_code: t.firms_code,
      smdg_code: address?.smdg_code ?? null,
      bic_facility_code: address?.bic_facility_code ?? null,
      street: address?.street ?? null,
      city: address?.city ?? t.city,
      state_abbr: t.state_abbr,
      state: US_STATES[t.state_abbr] ?? t.state_abbr,
      zip: address?.zip ?? null,
      country: t.country === 'US' ? 'United States' : t.country,
      demurrage_tariff: demoTariff(t),
    }
  }) satisfies (typeof terminals.$inferInsert)[]
  const lineRows = CARRIERS.map((c) => ({
    id: random.uuid(),
    scac: c.scac,
    name: c.name,
    short_name: c.short_name,
    bill_of_lading_prefix: c.bill_of_lading_prefix,
    detention_tariffs: demoDetentionTariffs(c),
  })) satisfies (typeof shippingLines.$inferInsert)[]
  const vesselRows = VESSEL_NAMES.map((name) => {
    const first6 = String(random.int(910000, 989999))
    return {
      id: random.uuid(),
      name,
      imo: `${first6}${imoCheckDigit(first6)}`,
      mmsi: String(random.int(200000000, 579999999)),
      nautical_speed_knots: 14 + random.int(0, 60) / 10,
    }
  }) satisfies (typeof vessels.$inferInsert)[]
  return { portRows, terminalRows, lineRows, vesselRows }
}
export type ReferenceRows = ReturnType<typeof referenceRows>
