/**
 * npm run bench:prism [-- --duration 10 --connections 50 --port 3290]
 * The default demo against what a user would otherwise pick as a demo backend, in one run: the built
 * server (`dist/server/main.js` as `npm start` runs it, PGlite, the default 300-shipment demo) answering
 * GET /v2/shipments rendered afresh (`Cache-Control: no-cache`, page 1 and then varied pages) and cached,
 * beside a Prism mock of the reference document (`prism mock ../shared/reference/terminal49/openapi.json`)
 * serving its example for GET /shipments. Prism refuses a document with a `$ref` to a component that is
 * not there (the reference names `#/components/schemas/user` without defining it), so it is given a copy
 * in which each such component is an open object. Prints requests a second, p50, p99 and each body's size.
 * Build first (`npm run build`). The load comes from autocannon in its own process; traffic stays on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadFromOwnProcess } from './load-process'
import { startShippedServer } from './shipped-server'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: process.env.PORT ?? '3290' },
  },
})
const KEY = 'bench-prism-key-000000000'
const AUTH = { Authorization: `Token ${KEY}`, Accept: 'application/vnd.api+json' }
// the reference document declares its answers as application/json: Prism answers 406 to JSON:API's type
const PRISM_HEADERS = { Authorization: `Token ${KEY}`, Accept: 'application/json' }
const QUAYSIDE = `http://127.0.0.1:${values.port}`
const PRISM = `http://127.0.0.1:${Number(values.port) + 1}`
const REFERENCE = '../shared/reference/terminal49/openapi.json'

const measure = (url: string, headers: Record<string, string>) =>
  loadFromOwnProcess(url, values.connections, values.duration, headers)

const bodyBytes = async (url: string, headers: Record<string, string>) => {
  const answer = await fetch(url, { headers })
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
  return (await answer.arrayBuffer()).byteLength
}

/** The reference with every component that a `$ref` names but the document lacks defined as an open object. */
function servableReference() {
  const text = readFileSync(REFERENCE, 'utf8')
  const document = JSON.parse(text) as { components: { schemas: Record<string, unknown> } }
  for (const [, name] of text.matchAll(/"\$ref":\s*"#\/components\/schemas\/([^"]+)"/g))
    document.components.schemas[name] ??= { type: 'object' }
  const file = join(mkdtempSync(join(tmpdir(), 'quayside-prism-')), 'openapi.json')
  writeFileSync(file, JSON.stringify(document))
  return file
}

/** Prism in its own process on loopback, ready once it answers the list. */
async function startPrism(): Promise<ChildProcess> {
  const child = spawn(
    'node_modules/.bin/prism',
    ['mock', servableReference(), '-h', '127.0.0.1', '-p', String(Number(values.port) + 1)],
    { stdio: 'ignore' },
  )
  for (let tries = 0; tries < 1500; tries++) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}`)
    const answer = await fetch(`${PRISM}/shipments`, { headers: PRISM_HEADERS }).catch(() => undefined)
    if (answer?.status === 200) return child
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGTERM')
  throw new Error('prism did not answer within 5 minutes')
}

const prism = await startPrism()
const quayside = await startShippedServer({
  PORT: values.port,
  DEMO_API_KEY: KEY,
  RATE_LIMIT_PER_MINUTE: '100000000',
}).catch((error: unknown) => {
  prism.kill('SIGTERM')
  throw error
})
try {
  const fresh = { ...AUTH, 'Cache-Control': 'no-cache' }
  const cases: [string, string, Record<string, string>][] = [
    ['Quayside (PGlite) fresh, page 1', `${QUAYSIDE}/v2/shipments`, fresh],
    ['Quayside (PGlite) fresh, page 7', `${QUAYSIDE}/v2/shipments?page[number]=7`, fresh],
    ['Quayside (PGlite) cached, page 1', `${QUAYSIDE}/v2/shipments`, AUTH],
    ['Prism mock of the reference', `${PRISM}/shipments`, PRISM_HEADERS],
  ]
  const rows = []
  for (const [name, url, headers] of cases) {
    const bytes = await bodyBytes(url, headers)
    const result = await measure(url, headers)
    rows.push({
      server: name,
      'requests/s': Math.round(result.rps),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors,
      'body bytes': bytes,
      'load (1 min)': loadavg()[0].toFixed(1),
    })
  }
  console.table(rows)
} finally {
  prism.kill('SIGTERM')
  await quayside.stop()
}
