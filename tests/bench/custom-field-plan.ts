/**
 * Shows how PostgreSQL runs the shipment list filtered and sorted by a custom field at a size worth
 * measuring: `BENCH_DATABASE_URL` names an empty throwaway database, which gets the schema, one account
 * with `--shipments` shipments (100,000 unless told) made by generate_series, an enum field set on every
 * shipment and a number field on every third, then the plans of the list queries the API runs.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { benchBlobs } from './bench-blobs'

const { values: args } = parseArgs({ options: { shipments: { type: 'string', default: '100000' } } })
const count = Number(args.shipments)
const url = process.env.BENCH_DATABASE_URL
if (!url) throw new Error('Set BENCH_DATABASE_URL to an empty throwaway PostgreSQL database')

const database = await openDatabase({ databaseUrl: url })
const storage = createStorage(database, { now: () => new Date() }, benchBlobs())
const { db } = database
const started = performance.now()
const firstId = (result: unknown) => (result as { rows: { id: string }[] }).rows[0].id
const account = firstId(
  await db.execute(sql`insert into accounts (company_name) values ('Plan Co') returning id`),
)
await db.execute(sql`
  insert into shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, created_at)
  select ${account}, 'BL' || n, 'BL' || n, 'MAEU', now() - n * interval '1 minute'
  from generate_series(1, ${count}) n`)
const define = async (slug: string, type: string) =>
  firstId(
    await db.execute(sql`insert into custom_field_definitions (account_id, entity_type, api_slug, display_name, data_type)
      values (${account}, 'Shipment', ${slug}, ${slug}, ${type}) returning id`),
  )
const lane = await define('lane', 'enum')
const weight = await define('weight', 'number')
await db.execute(sql`
  insert into custom_field_options (account_id, definition_id, label, value, position)
  select ${account}, ${lane}, initcap(v), v, p from unnest(array['east','west','north','south','rare']) with ordinality o(v, p)`)
// a rare option on one shipment in a thousand, the rest spread over four
await db.execute(sql`
  insert into custom_field_values (account_id, definition_id, entity_type, entity_id, api_slug, value, display_value)
  select ${account}, ${lane}, 'Shipment', id, 'lane',
         to_jsonb(case when row_number() over () % 1000 = 0 then 'rare' else (array['east','west','north','south'])[1 + (row_number() over ()) % 4] end), null
  from shipments where account_id = ${account}`)
await db.execute(sql`
  insert into custom_field_values (account_id, definition_id, entity_type, entity_id, api_slug, value, display_value)
  select ${account}, ${weight}, 'Shipment', id, 'weight', to_jsonb((random() * 30000)::int), null
  from (select id, row_number() over () n from shipments where account_id = ${account}) s where n % 3 = 0`)
await db.execute(sql`analyze`)
console.log(
  `${count} shipments and their custom fields loaded in ${Math.round(performance.now() - started)} ms\n`,
)

const page = { number: 1, size: 25 }
const plans: [string, Parameters<typeof storage.shipments.explainList>][] = [
  [
    'filter[custom_fields.lane]=rare',
    [account, { customFields: [{ definitionId: lane, test: { kind: 'equals', values: ['rare'] } }] }, page],
  ],
  [
    'filter[custom_fields.weight]=1000..1100',
    [
      account,
      { customFields: [{ definitionId: weight, test: { kind: 'range', from: 1000, to: 1100 } }] },
      page,
    ],
  ],
  [
    'sort=-custom_fields.weight',
    [account, {}, page, { field: 'custom_field', definitionId: weight, descending: true }],
  ],
  [
    'filter[custom_fields.lane]=rare&sort=custom_fields.weight',
    [
      account,
      { customFields: [{ definitionId: lane, test: { kind: 'equals', values: ['rare'] } }] },
      page,
      { field: 'custom_field', definitionId: weight, descending: false },
    ],
  ],
]
for (const [name, parameters] of plans) {
  console.log(`GET /v2/shipments?${name}`)
  console.log((await storage.shipments.explainList(...parameters)).join('\n'), '\n')
}
await database.close()
