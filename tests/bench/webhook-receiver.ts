/**
 * The benchmark's webhook receiver, in its own process: answers 200 at once, or 500 on paths under
 * /fail/, and counts what it got. It reports the counts when asked by its parent and listens only on
 * loopback.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

let received = 0
let failedAnswers = 0
const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    received++
    if (request.url?.startsWith('/fail/')) {
      failedAnswers++
      response.writeHead(500).end('down for maintenance')
    } else response.writeHead(204).end()
  })
})
server.keepAliveTimeout = 30_000
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('message', (message) => {
  if (message === 'count') process.send?.({ received, failedAnswers })
  if (message === 'stop') server.close(() => process.exit(0))
})
