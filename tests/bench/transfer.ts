/**
 * npm run bench:transfer [-- --port 3270]
 * Bytes on the wire for the first route (its page, JavaScript and CSS) and for a 25-shipment list with
 * containers, as the server `npm start` runs sends them to a client accepting nothing, gzip, or brotli.
 * Build first (`npm run build`). Traffic goes only to 127.0.0.1.
 */
import { request } from 'node:http'
import { parseArgs } from 'node:util'
import { startShippedServer } from './shipped-server'
import { routeFiles } from './web-bundle'

const { values } = parseArgs({ options: { port: { type: 'string', default: '3270' } } })
const KEY = 'bench-transfer-key-00000'
const base = `http://127.0.0.1:${values.port}`

/** The bytes a response puts on the wire for its body, and the encoding it used. */
const transfer = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
  new Promise<{ bytes: number; encoding: string; status: number }>((resolve, reject) => {
    const headersSent = { ...headers, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) }
    request(`${base}${path}`, { headers: headersSent }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on('end', () =>
        resolve({
          bytes,
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
        }),
      )
    })
      .on('error', reject)
      .end()
  })

const server = await startShippedServer({ PORT: values.port, DEMO_API_KEY: KEY })
try {
  const html = await (await fetch(`${base}/`)).text()
  const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1])
  const firstRoute = ['/', ...[...routeFiles('dist/web'), ...css].map((file) => `/${file}`)]
  const api = { Authorization: `Token ${KEY}`, Accept: 'application/vnd.api+json' }
  const list = '/v2/shipments?page[size]=25&include=containers'
  const rows = []
  for (const [label, accept] of [
    ['none', ''],
    ['gzip', 'gzip'],
    ['br, gzip', 'gzip, deflate, br'],
  ] as const) {
    let first = 0
    for (const path of firstRoute) first += (await transfer(path, accept)).bytes
    const listed = await transfer(list, accept, api)
    rows.push({
      'Accept-Encoding': label,
      'first route (page + JS + CSS) bytes': first,
      [`${list} bytes`]: listed.bytes,
      'list encoding': listed.encoding,
    })
  }
  console.log(`First route: ${firstRoute.length} files (${firstRoute.join(', ')})`)
  console.table(rows)
} finally {
  await server.stop()
}
