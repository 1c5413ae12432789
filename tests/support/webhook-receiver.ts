import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = {
  path: string
  headers: IncomingHttpHeaders
  body: string
  json: {
    data: { id: string; attributes: { event: string } }
    included?: { id: string; type: string; attributes?: Record<string, unknown> }[]
  }
}

/**
 * A real HTTP endpoint on loopback that records what it is sent. `answer` decides the response per
 * request (status, and how long to wait first); the default is 200 at once.
 */
export async function startReceiver(
  answer: (path: string) => { status: number; delayMs?: number; headers?: Record<string, string> } = () => ({
    status: 200,
  }),
) {
  const received: Received[] = []
  let unanswered = 0
  // while held, answers wait here until released
  let held: (() => void)[] | undefined
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? '/'
      const { status, delayMs = 0, headers = {} } = answer(path)
      let json: Received['json']
      try {
        json = JSON.parse(body)
      } catch {
        json = { data: { id: '', attributes: { event: '' } } }
      }
      received.push({ path, headers: request.headers, body, json })
      unanswered++
      const reply = () =>
        setTimeout(() => {
          unanswered--
          if (!response.destroyed) response.writeHead(status, headers).end(status < 300 ? 'ok' : 'not ok')
        }, delayMs)
      if (held) held.push(reply)
      else reply()
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    received,
    /** Requests received whose answer has not been sent yet. */
    unanswered: () => unanswered,
    /** Answers nothing more until `release()`: what is sent meanwhile stays in flight. */
    hold: () => {
      held ??= []
    },
    release: () => {
      const waiting = held ?? []
      held = undefined
      for (const reply of waiting) reply()
    },
    url: (path = '/hooks') => `${base}${path}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
