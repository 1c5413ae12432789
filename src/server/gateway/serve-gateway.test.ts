import { type AddressInfo, createConnection } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createGateway } from './gateway'
import { closeGracefully, serveGateway } from './serve-gateway'
import { createSessionStore } from './sessions'

const listening = async (fetch: (request: Request, bindings?: unknown) => Response | Promise<Response>) => {
  const server = serveGateway(fetch)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return { server, port: (server.address() as AddressInfo).port }
}

/** A promise and the function that settles it: a handler waits on one, the test on another. */
const signal = () => {
  let settle: () => void = () => undefined
  const settled = new Promise<void>((resolve) => {
    settle = resolve
  })
  return [settled, () => settle()] as const
}

/** One keep-alive socket that sends a request and reads one whole answer at a time. */
const keepAliveClient = async (port: number) => {
  const socket = createConnection({ port, host: '127.0.0.1' })
  await new Promise((ready) => socket.once('connect', ready))
  let received = ''
  socket.on('data', (chunk) => {
    received += chunk
  })
  const closed = new Promise<void>((done) => socket.once('close', () => done()))
  return {
    closed,
    async get(path: string) {
      received = ''
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`)
      await expect.poll(() => /\r\n\r\n(2\r\n)?ok/.test(received), { timeout: 5000 }).toBe(true)
      return received
    },
    destroy: () => socket.destroy(),
  }
}

describe('a request served', () => {
  it('reaches the app with the socket it came on, from which the client address is read', async () => {
    const { server, port } = await listening((_request, bindings) => {
      const incoming = (bindings as { incoming?: { socket: { remoteAddress?: string } } } | undefined)
        ?.incoming
      return new Response(incoming?.socket.remoteAddress ?? 'no socket')
    })
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('127.0.0.1')
    } finally {
      server.close()
    }
  })
})

describe('a server shutting down', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  it('finishes the answer in flight, telling the client the connection closes, then resolves', async () => {
    const [released, release] = signal()
    const [requestStarted, started] = signal()
    const { server, port } = await listening(async () => {
      started()
      await released
      return new Response('ok')
    })
    const client = await keepAliveClient(port)
    cleanups.push(client.destroy)
    const answer = client.get('/slow')
    await requestStarted
    const closing = closeGracefully(server, 60_000)
    release()
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: close/i)
    await client.closed
    await expect(closing).resolves.toBeUndefined()
  })

  it('waits for a handler whose client left before its answer, which may still be reading the database', async () => {
    const [released, release] = signal()
    const [requestStarted, started] = signal()
    let handlerDone = false
    const { server, port } = await listening(async () => {
      started()
      await released
      handlerDone = true
      return new Response('ok')
    })
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.on('error', () => undefined)
    socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await requestStarted
    socket.destroy()
    await new Promise((settle) => setTimeout(settle, 50))
    let closedAt: boolean | undefined
    const closing = closeGracefully(server, 60_000).then(() => {
      closedAt = handlerDone
    })
    await new Promise((settle) => setTimeout(settle, 100))
    expect(closedAt).toBeUndefined()
    release()
    await closing
    expect(closedAt).toBe(true)
  })

  it('cuts a connection still busy after the grace period instead of waiting for it', async () => {
    const [requestStarted, started] = signal()
    const { server, port } = await listening(() => {
      started()
      return new Promise<Response>(() => undefined)
    })
    const socket = createConnection({ port, host: '127.0.0.1' })
    cleanups.push(() => socket.destroy())
    socket.on('error', () => undefined)
    socket.write('GET /forever HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await requestStarted
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    await closeGracefully(server, 200)
    await closed
  })
})

/**
 * A client as most are: it sends the whole request before it reads the answer. Resolves with what it read,
 * and the error its writing met (EPIPE, ECONNRESET) if the server reset the connection first.
 */
const sendWholeThenRead = (port: number, head: string, body: Buffer) =>
  new Promise<{ received: string; error?: string }>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    let received = ''
    let error: string | undefined
    socket.pause()
    socket.on('data', (chunk) => {
      received += chunk
    })
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error ??= failure.code
    })
    socket.once('close', () => done({ received, error }))
    socket.write(head)
    socket.write(body, () => socket.resume())
  })

describe('a request refused before its body is read', () => {
  it('delivers the 413 for a 5 MB sign-in to a client that reads only after sending it all, 20 times in 20', async () => {
    const gateway = createGateway({
      service: async () => new Response(null, { status: 401 }),
      sessions: createSessionStore(),
    })
    const { server, port } = await listening(gateway.fetch)
    const body = Buffer.alloc(5 * 1024 * 1024, 0x20)
    const head =
      'POST /session HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    try {
      const tries = []
      for (let attempt = 0; attempt < 20; attempt++) tries.push(await sendWholeThenRead(port, head, body))
      const answered = tries.filter(({ received }) => received.startsWith('HTTP/1.1 413 '))
      expect(answered.length, JSON.stringify(tries.map(({ error }) => error))).toBe(20)
      expect(answered[0].received).toMatch(/connection: close/i)
      expect(answered[0].received).toContain('"status":"413"')
    } finally {
      await closeGracefully(server, 1000)
    }
  }, 60_000)

  it('still closes, within the linger bound, a refused connection whose body never finishes', async () => {
    const gateway = createGateway({
      service: async () => new Response(null, { status: 401 }),
      sessions: createSessionStore(),
    })
    const { server, port } = await listening(gateway.fetch)
    // the server's end of the connection, whose closing is timed
    const closed = new Promise<number>((done) =>
      server.once('connection', (socket) => socket.once('close', () => done(Date.now()))),
    )
    // a client that keeps its side open after the server's FIN, and never sends the rest
    const socket = createConnection({ port, host: '127.0.0.1', allowHalfOpen: true })
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk
    })
    socket.on('error', () => undefined)
    socket.write(
      'POST /session HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 5242880\r\n\r\n',
    )
    socket.write(Buffer.alloc(64 * 1024, 0x20))
    try {
      await expect.poll(() => received, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 413 /)
      const answeredAt = Date.now()
      const lingered = (await closed) - answeredAt
      expect(lingered).toBeGreaterThan(4000)
      expect(lingered).toBeLessThan(7000)
    } finally {
      socket.destroy()
      await closeGracefully(server, 1000)
    }
  }, 20_000)
})
