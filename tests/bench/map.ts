/**
 * npm run bench:map [-- --vessels 2000 --shipments 100000 --skip-service]
 * Two parts. The service: a PGlite database (or BENCH_DATABASE_URL's PostgreSQL) with the demo and then
 * `shipments` in all (clones, every seventh at sea with three containers aboard), analysed; prints the plan
 * of the map's query and times GET /v2/vessels?filter[carrying]=active in process, with and without includes.
 * The browser: builds the dashboard, starts the server `npm start` runs, and in Debian's Chromium opens /map
 * with `vessels` synthetic vessels (their answer is served by Playwright), then measures frame times while
 * panning and zooming (requestAnimationFrame deltas: median, p95) and how long each forecast slider step
 * takes to reach the screen (input to the next frame). All traffic stays on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { createApp } from '../../src/server/app'
import { seedDemo } from '../../src/server/demo/seed'
import { startServer } from '../../src/server/main'
import { defaultServiceConfig } from '../../src/server/service-config'
import { openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { benchBlobs } from './bench-blobs'

const { values } = parseArgs({
  options: {
    vessels: { type: 'string', default: '2000' },
    shipments: { type: 'string', default: '100000' },
    'skip-service': { type: 'boolean', default: false },
    'skip-browser': { type: 'boolean', default: false },
  },
})
const VESSELS = Number(values.vessels)
const SHIPMENTS = Number(values.shipments)
const KEY = 'bench-map-key-00000000'
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const figures = (label: string, values: number[]) =>
  console.log(
    `${label}: median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms over ${values.length}`,
  )

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

async function benchService() {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: mkdtempSync(join(tmpdir(), 'quayside-bench-map-')) },
  )
  const now = new Date()
  const clock = { now: () => now }
  const storage = createStorage(database, clock, benchBlobs())
  console.log(`Service on ${database.kind}: seeding the demo, then cloning to ${SHIPMENTS} shipments…`)
  await seedDemo(storage, { shipments: 40, now, apiKey: KEY, secondAccountShipments: 5 })
  const run = (query: string) => storage.db.execute(sql.raw(query))
  const started = performance.now()
  // clones of one shipment at sea: every seventh stays at sea, spread over every vessel, with three containers aboard
  // lateral, so each row is built once rather than once a column, as `(f()).*` would
  await run(`
    insert into shipments
    select r.* from (select * from shipments where sailing_vessel_id is not null limit 1) s,
      (select array_agg(id) as ids from vessels) v,
      generate_series(1, ${SHIPMENTS} - (select count(*) from shipments)) g,
      lateral jsonb_populate_record(null::shipments, (to_jsonb(s) - 'voyage') || jsonb_build_object(
        'id', gen_random_uuid(),
        'bill_of_lading_number', s.bill_of_lading_number || '-' || g,
        'normalized_number', s.normalized_number || '-' || g,
        'search_numbers', '{}'::text[],
        'next_update_at', null,
        'sailing_vessel_id', case when g % 7 = 0 then v.ids[1 + g % cardinality(v.ids)] end,
        'sailing_leg', case when g % 7 = 0 then s.sailing_leg end,
        'pod_ata_at', case when g % 7 = 0 then null else s.pol_etd_at end)) r`)
  await run(`
    insert into containers
    select r.* from (
      select s.id as shipment_id, c, row_number() over () as n
      from shipments s
      cross join (select * from containers where pod_discharged_at is null limit 3) c
      where s.bill_of_lading_number like '%-%' and s.sailing_vessel_id is not null) clones,
      lateral jsonb_populate_record(null::containers, to_jsonb(clones.c) || jsonb_build_object(
        'id', gen_random_uuid(), 'shipment_id', clones.shipment_id, 'number', 'BNCH' || lpad(clones.n::text, 7, '0'))) r`)
  await run('analyze')
  const counted = (await run(
    'select (select count(*) from shipments)::int as shipments, (select count(*) from shipments where sailing_vessel_id is not null)::int as sailing, (select count(*) from containers)::int as containers',
  )) as unknown as { rows: Record<string, number>[] }
  console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counted.rows[0])
  const [{ account_id: accountId }] = (
    (await run(
      'select account_id from shipments group by account_id order by count(*) desc limit 1',
    )) as unknown as { rows: { account_id: string }[] }
  ).rows
  console.log('\nPlan of the map query (the account with the most shipments, no filters):')
  for (const line of await storage.vesselMap.explainAboard(accountId)) console.log(`  ${line}`)
  const app = createApp({
    storage,
    clock,
    fetch,
    random: Math.random,
    config: { ...defaultServiceConfig, publicUrl: 'http://127.0.0.1' },
  })
  const [{ vessel }] = (
    (await run(
      `select sailing_vessel_id as vessel from shipments where account_id = '${accountId}' and sailing_vessel_id is not null group by 1 order by count(*) desc limit 1`,
    )) as unknown as { rows: { vessel: string }[] }
  ).rows
  // the map's own request, then what it asks when one vessel (the fullest) is chosen
  for (const include of ['', `&include=containers,shipments&filter[vessel_id]=${vessel}`]) {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      const response = await app.request(`/v2/vessels?filter[carrying]=active${include}`, {
        headers: { Authorization: `Token ${KEY}` },
      })
      bytes = (await response.arrayBuffer()).byteLength
      times.push(performance.now() - t0)
    }
    figures(`GET /v2/vessels?filter[carrying]=active${include} (${(bytes / 1024).toFixed(0)} KB)`, times)
  }
  await database.close()
}

/** A vessel document like the service's, at random places, each with a 20-day forecast of 80 points. */
function syntheticVessels(count: number, now: number) {
  const random = (() => {
    let seed = 42
    return () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
  })()
  const states = ['on_time', 'on_time', 'on_time', 'delayed', 'on_hold']
  return {
    data: Array.from({ length: count }, (_, i) => {
      const lat = -50 + random() * 110
      const lon = -180 + random() * 360
      const heading = Math.floor(random() * 360)
      const dLat = (random() - 0.5) * 30
      const dLon = (random() - 0.5) * 60
      const forecast = Array.from({ length: 80 }, (_, k) => ({
        latitude: Math.max(-80, Math.min(80, lat + (dLat * k) / 79)),
        longitude: ((lon + (dLon * k) / 79 + 540) % 360) - 180,
        heading,
        timestamp: new Date(now + k * 6 * 3_600_000).toISOString(),
        estimated: true,
      }))
      const end = forecast.at(-1)!
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        type: 'vessel',
        attributes: {
          name: `Bench Vessel ${i}`,
          imo: String(9_000_000 + i),
          latitude: lat,
          longitude: lon,
          navigational_heading_degrees: heading,
          nautical_speed_knots: 18,
          position_timestamp: new Date(now).toISOString(),
          state: states[i % states.length],
          voyage_number: `${i}E`,
          next_port: {
            locode: 'USLAX',
            name: 'Los Angeles',
            latitude: end.latitude,
            longitude: end.longitude,
            is_port_of_discharge: true,
            time_zone: 'America/Los_Angeles',
          },
          arrives_at: end.timestamp,
          eta_range: { earliest: end.timestamp, likely: end.timestamp, latest: end.timestamp },
          forecast,
          container_counts: { aboard: 0, on_hold: 0, delayed: 0 },
        },
        relationships: { containers: { data: [] }, shipments: { data: [] } },
      }
    }),
    included: [],
    meta: { size: count, total: count },
  }
}

async function benchBrowser() {
  console.log('\n$ vite build')
  const build = spawnSync('npx', ['vite', 'build'], { encoding: 'utf8' })
  if (build.status !== 0) {
    process.stderr.write(build.stderr)
    process.exit(build.status ?? 1)
  }
  const port = await freePort()
  const stop = await startServer({
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-bench-map-web-')),
    DEMO_API_KEY: 'bench-map-demo-key-0000',
  })
  const browser = await chromium.launch({
    executablePath: chrome,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    // tsx keeps function names with a helper the page does not have
    await page.addInitScript({ content: 'window.__name = (f) => f' })
    const answer = JSON.stringify(syntheticVessels(VESSELS, Date.now()))
    await page.route('**/v2/vessels?**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/vnd.api+json', body: answer }),
    )
    await page.goto(`http://127.0.0.1:${port}/map`)
    await page.getByText(`${VESSELS} vessels carrying`).waitFor()
    await page.locator('canvas.vessel-canvas').waitFor({ state: 'attached' })
    await page.waitForTimeout(1500)
    const box = (await page.locator('.vessel-map').boundingBox())!
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    const record = () =>
      page.evaluate(() => {
        const w = window as unknown as { frames_: number[]; recording: boolean }
        w.frames_ = []
        w.recording = true
        let last = performance.now()
        const tick = (t: number) => {
          w.frames_.push(t - last)
          last = t
          if (w.recording) requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      })
    const stopRecording = () =>
      page.evaluate(() => {
        const w = window as unknown as { frames_: number[]; recording: boolean }
        w.recording = false
        return w.frames_.slice(1)
      })

    for (const zoom of ['world (zoom 2, clustered)', 'zoomed in (zoom 5)']) {
      if (zoom.includes('5'))
        for (let i = 0; i < 3; i++) {
          await page.mouse.move(centre.x, centre.y)
          await page.mouse.wheel(0, -100)
          await page.waitForTimeout(600)
        }
      await record()
      for (let pass = 0; pass < 4; pass++) {
        await page.mouse.move(centre.x, centre.y)
        await page.mouse.down()
        for (let step = 1; step <= 30; step++)
          await page.mouse.move(centre.x + (pass % 2 ? -1 : 1) * step * 8, centre.y + step * 3)
        await page.mouse.up()
        await page.waitForTimeout(200)
      }
      figures(`Pan frames, ${VESSELS} vessels, ${zoom}`, await stopRecording())
    }
    await record()
    for (let i = 0; i < 4; i++) {
      await page.mouse.move(centre.x + 100, centre.y)
      await page.mouse.wheel(0, i % 2 ? 100 : -100)
      await page.waitForTimeout(700)
    }
    figures(`Zoom frames (in and out), ${VESSELS} vessels`, await stopRecording())

    const steps = await page.evaluate(async () => {
      const slider = document.querySelector<HTMLInputElement>('input[type=range]')!
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const min = Number(slider.min)
      const max = Number(slider.max)
      const times: number[] = []
      for (let i = 1; i <= 60; i++) {
        const t0 = performance.now()
        setter.call(slider, String(min + ((max - min) * i) / 60))
        slider.dispatchEvent(new Event('input', { bubbles: true }))
        // the step is on screen once the frame after it has been drawn
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))
        times.push(performance.now() - t0)
      }
      return times
    })
    figures(`Slider step to the next frame, ${VESSELS} vessels`, steps)
  } finally {
    await browser.close()
    await stop()
  }
}

if (!values['skip-service']) await benchService()
if (!values['skip-browser']) await benchBrowser()
process.exit(0)
