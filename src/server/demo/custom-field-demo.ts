import { validateCustomFieldValue } from '../custom-fields/validate-value'
import type { Stores } from '../storage/storage'
import type { Random } from '../tracking/seeded-random'

type DefinitionSeed = {
  entity_type: 'Shipment' | 'Container'
  api_slug: string
  display_name: string
  data_type: string
  options?: [string, string][]
  value: (random: Random) => unknown
}

const DEFINITIONS: DefinitionSeed[] = [
  {
    entity_type: 'Shipment',
    api_slug: 'broker',
    display_name: 'Customs broker',
    data_type: 'short_text',
    value: (r) => r.pick(['Flexport Customs', 'Livingston', 'Expeditors']),
  },
  {
    entity_type: 'Shipment',
    api_slug: 'invoice_value',
    display_name: 'Invoice value (USD)',
    data_type: 'number',
    value: (r) => r.int(5_000, 250_000),
  },
  {
    entity_type: 'Shipment',
    api_slug: 'promised_date',
    display_name: 'Promised to customer',
    data_type: 'date',
    value: (r) => `2026-12-${String(r.int(1, 28)).padStart(2, '0')}`,
  },
  {
    entity_type: 'Shipment',
    api_slug: 'booked_at',
    display_name: 'Booked at',
    data_type: 'datetime',
    value: (r) => new Date(Date.UTC(2026, 9, r.int(1, 28), r.int(0, 23))).toISOString(),
  },
  {
    entity_type: 'Shipment',
    api_slug: 'priority',
    display_name: 'Priority',
    data_type: 'enum',
    options: [
      ['high', 'High'],
      ['normal', 'Normal'],
      ['low', 'Low'],
    ],
    value: (r) => r.pick(['high', 'normal', 'low']),
  },
  {
    entity_type: 'Shipment',
    api_slug: 'customer_po',
    display_name: 'Customer PO reference',
    data_type: 'reference',
    value: (r) => `PO-${r.int(10000, 99999)}`,
  },
  {
    entity_type: 'Container',
    api_slug: 'needs_exam',
    display_name: 'Needs exam',
    data_type: 'boolean',
    value: (r) => r.chance(0.2),
  },
  {
    entity_type: 'Container',
    api_slug: 'handling',
    display_name: 'Handling',
    data_type: 'enum_multi',
    options: [
      ['fragile', 'Fragile'],
      ['hazmat', 'Hazmat'],
      ['temperature', 'Temperature controlled'],
      ['oversize', 'Oversize'],
    ],
    value: (r) => [r.pick(['fragile', 'hazmat', 'temperature']), ...(r.chance(0.3) ? ['oversize'] : [])],
  },
]

export async function seedCustomFields(
  storage: Stores,
  accountId: string,
  entities: { shipments: string[]; containers: string[] },
  random: Random,
) {
  for (const seed of DEFINITIONS) {
    const definition = await storage.customFields.createDefinition({
      account_id: accountId,
      entity_type: seed.entity_type,
      api_slug: seed.api_slug,
      display_name: seed.display_name,
      data_type: seed.data_type,
    })
    const options = []
    for (const [position, [value, label]] of (seed.options ?? []).entries())
      options.push(
        await storage.customFields.createOption({
          account_id: accountId,
          definition_id: definition.id,
          value,
          label,
          position,
        }),
      )
    const ids = seed.entity_type === 'Shipment' ? entities.shipments : entities.containers
    for (const entityId of ids) {
      if (!random.chance(0.6)) continue
      const checked = validateCustomFieldValue(definition, options, seed.value(random))
      if (!checked.ok) throw new Error(`Demo value for ${seed.api_slug} is not valid: ${checked.detail}`)
      await storage.customFields.upsertValue({
        account_id: accountId,
        definition_id: definition.id,
        entity_type: seed.entity_type === 'Shipment' ? 'Shipment' : 'Cargo',
        entity_id: entityId,
        api_slug: definition.api_slug,
        value: checked.value,
        display_value: checked.display,
      })
    }
  }
}
