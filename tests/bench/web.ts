/**
 * npm run bench:web [-- --runs 5]
 * Builds the dashboard (printing Vite's sizes), adds up Vite's own gzip figures for the JavaScript of the
 * first route (the container board, /) and of the container page against the 135 KB budget, then runs
 * Lighthouse's desktop preset `runs` times on the board, the shipments list, a container page and the map
 * of a freshly started server with demo data (what `npm start` runs) and reports the median performance score. Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium); all traffic stays on 127.0.0.1.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { startServer } from '../../src/server/main'
import { routeJs, viteGzipSizes } from './web-bundle'

const BUDGET_KB = 135
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

console.log('$ vite build')
const build = spawnSync('npx', ['vite', 'build'], { encoding: 'utf8' })
process.stdout.write(build.stdout)
process.stderr.write(build.stderr)
if (build.status !== 0) process.exit(build.status ?? 1)
const vite = viteGzipSizes(build.stdout)

for (const [label, module] of [
  ['First route, the container board at /', undefined],
  ['Container page, /containers/:id', 'features/containers/container-page.tsx'],
] as const) {
  const { files, gzip } = routeJs('dist/web', module)
  const printed = files.reduce((sum, f) => sum + (vite.get(f.file) ?? Number.NaN), 0)
  console.log(
    `\n${label}: ${printed.toFixed(2)} kB gzip JavaScript by Vite's printout (budget ${BUDGET_KB} kB: ${printed <= BUDGET_KB ? 'within' : 'OVER'}); ${kb(gzip)} at zlib level 9`,
  )
  for (const file of files.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${file.file.padEnd(44)} ${kb(file.bytes).padStart(10)} ${`${vite.get(file.file)?.toFixed(2)} kB`.padStart(10)} gzip`,
    )
}

const dataDir = mkdtempSync(join(tmpdir(), 'quayside-bench-web-'))
const port = await freePort()
const stop = await startServer({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  DEMO_API_KEY: 'bench-web-demo-key-0000',
})
const base = `http://127.0.0.1:${port}`
const profile = mkdtempSync(join(tmpdir(), 'quayside-bench-chrome-'))
const debugPort = await freePort()
const browser = spawn(chrome, [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  `--remote-debugging-port=${debugPort}`,
  `--user-data-dir=${profile}`,
  'about:blank',
])
try {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const session = await fetch(`${base}/session`)
  const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? ''
  // an overdue container: its page shows the holds, fees, LFD and the projected cost
  const overdue = await (
    await fetch(`${base}/v2/containers?filter[tab]=overdue&page[size]=1`, { headers: { cookie } })
  ).json()
  const container = overdue.data[0]
  // the four pages the budget names: the board, the shipments list, a container and the map
  const pages = [`${base}/`, `${base}/shipments`, `${base}/containers/${container.id}`, `${base}/map`]
  // a server that has been running (as under npm start) has its code compiled and its caches warm
  for (const url of pages)
    await lighthouse(
      url,
      { port: debugPort, logLevel: 'error', onlyCategories: ['performance'] },
      desktopConfig,
    )
  console.log(
    `\nLighthouse ${runs}× desktop on each page, after one unmeasured warm-up each (performance score)`,
  )
  for (const url of pages) {
    const scores: number[] = []
    const metrics: Record<string, number[]> = {}
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(
        url,
        { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        desktopConfig,
      )
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100))
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ])
        metrics[id] = [...(metrics[id] ?? []), lhr.audits[id].numericValue ?? 0]
    }
    const path = new URL(url).pathname
    console.log(`  ${path}: median ${median(scores)} (runs: ${scores.join(', ')})`)
    console.log(
      `    FCP ${Math.round(median(metrics['first-contentful-paint']))} ms, LCP ${Math.round(median(metrics['largest-contentful-paint']))} ms, TBT ${Math.round(median(metrics['total-blocking-time']))} ms, CLS ${median(metrics['cumulative-layout-shift']).toFixed(3)}`,
    )
  }
} finally {
  const exited = new Promise((done) => browser.once('exit', done))
  browser.kill()
  await exited
  await stop()
  rmSync(profile, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
