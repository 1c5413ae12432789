/**
 * The load generator of the API benchmarks, run in a process of its own so it never shares the event loop
 * it measures: autocannon against one loopback URL, counting the X-Cache header of every answer.
 * Usage: node --import tsx tests/bench/load.ts <url> <connections> <seconds> '<headers as JSON>' ['<paths as JSON>']
 * With a list of paths, each request takes one of them at random (varied pages, not one URL read again).
 * Prints one JSON line: p50, p99, requests a second, errors, and cache hits among the answers.
 */
import { createRequire } from 'node:module'

type Result = {
  latency: { p50: number; p99: number }
  requests: { average: number; total: number }
  errors: number
  non2xx: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
  requests: {
    setupRequest?: (request: { path: string }) => { path: string }
    onResponse: (status: number, body: string, context: object, headers: Record<string, string>) => void
  }[]
}) => Promise<Result>

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon
const [url, connections, seconds, headers, pathList] = process.argv.slice(2)
const paths = pathList ? (JSON.parse(pathList) as string[]) : undefined
if (!url?.startsWith('http://127.0.0.1:'))
  throw new Error('The load generator sends traffic to 127.0.0.1 only')
const cache = { hit: 0, stale: 0, rendered: 0 }
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  headers: JSON.parse(headers ?? '{}') as Record<string, string>,
  requests: [
    {
      setupRequest: (request) =>
        paths ? { ...request, path: paths[Math.floor(Math.random() * paths.length)] } : request,
      onResponse: (_status, _body, _context, answer) => {
        const state = answer['x-cache'] ?? answer['X-Cache']
        if (state === 'hit') cache.hit++
        else if (state === 'stale') cache.stale++
        else cache.rendered++
      },
    },
  ],
})
const answered = cache.hit + cache.stale + cache.rendered
console.log(
  JSON.stringify({
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    hitRate: answered ? (cache.hit + cache.stale) / answered : 0,
  }),
)
