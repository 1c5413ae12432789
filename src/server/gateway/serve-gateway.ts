import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { getRequestListener, RequestError } from '@hono/node-server'
import { ALLOWED_METHODS } from './methods'

type Refusal = [status: number, title: string, detail: string]

const PARSER_REFUSALS: Record<string, Refusal> = {
  HPE_INVALID_METHOD: [405, 'Method Not Allowed', 'The request method is not one this server knows'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'The chunk extensions are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
}
const MALFORMED: Refusal = [400, 'Bad Request', 'The request is not valid HTTP']

const envelope = ([status, title, detail]: Refusal) =>
  JSON.stringify({ errors: [{ status: String(status), title, detail }] })

const rawAnswer = (refusal: Refusal, extra = '') => {
  const body = envelope(refusal)
  return (
    `HTTP/1.1 ${refusal[0]} ${refusal[1]}\r\nContent-Type: application/vnd.api+json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`
  )
}

const answersInFlight = new WeakMap<Server, Set<ServerResponse>>()
/** Handlers outlive their answer when the client goes away first. */
const handlersInFlight = new WeakMap<Server, { count: number; settled: Set<() => void> }>()

type ServerSocket = Duplex & { _httpMessage?: ServerResponse | null }

const LINGER_MS = 5_000
const LINGER_BYTES = 32 * 1024 * 1024

/** Closing a socket with unread data resets it: the client, still sending, loses the 413 in its buffer. */
function lingerBeforeClosing(socket: Socket, unreadRequest: () => IncomingMessage | undefined) {
  const closeNow = socket.destroySoon.bind(socket)
  socket.destroySoon = () => {
    const request = unreadRequest()
    if (!request) return closeNow()
    socket.end()
    const cut = setTimeout(() => socket.destroy(), LINGER_MS)
    socket.once('close', () => clearTimeout(cut))
    // the adapter stops pulling once answered, so Node stops reading the socket; the rest is drained here
    let bytes = 0
    request.removeAllListeners('data')
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > LINGER_BYTES) socket.destroy()
    })
    request.resume()
  }
}

const answerClientError = (error: NodeJS.ErrnoException, socket: ServerSocket) => {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent)
    return socket.destroy()
  socket.end(rawAnswer(PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED))
}

/** A Host header or path Hono finds invalid. */
const answerUnreadableRequest = (error: unknown) => {
  const refusal: Refusal =
    error instanceof RequestError
      ? [400, 'Bad Request', `The request cannot be read: ${error.message}`]
      : [500, 'Internal Server Error', 'Something went wrong on our side; the error has been logged']
  if (!(error instanceof RequestError)) console.error(error)
  return new Response(envelope(refusal), {
    status: refusal[0],
    headers: { 'Content-Type': 'application/vnd.api+json', Connection: 'close' },
  })
}

/** Every answer is a JSON:API envelope, even for what Node's parser refuses, Hono cannot read, or CONNECT. */
type Fetch = (request: Request, bindings?: unknown) => Response | Promise<Response>

export function serveGateway(fetch: Fetch) {
  const handling = { count: 0, settled: new Set<() => void>() }
  // they carry the socket the client's address is read from
  const counted: Fetch = async (request, bindings) => {
    handling.count++
    try {
      return await fetch(request, bindings)
    } finally {
      if (--handling.count === 0) for (const settle of handling.settled) settle()
    }
  }
  const server: Server = createServer(getRequestListener(counted, { errorHandler: answerUnreadableRequest }))
  const answering = new Set<ServerResponse>()
  answersInFlight.set(server, answering)
  handlersInFlight.set(server, handling)
  const reading = new WeakMap<Socket, IncomingMessage>()
  server.on('connection', (socket: Socket) =>
    lingerBeforeClosing(socket, () => {
      const request = reading.get(socket)
      return request && !request.complete ? request : undefined
    }),
  )
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    reading.set(request.socket, request)
    if (!server.listening) response.shouldKeepAlive = false
    answering.add(response)
    response.once('close', () => answering.delete(response))
  })
  server.on('clientError', answerClientError)
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.end(
      rawAnswer(
        [405, 'Method Not Allowed', 'The method CONNECT is not supported'],
        `Allow: ${ALLOWED_METHODS.join(', ')}\r\n`,
      ),
    )
  })
  return server
}

/** Node closes only idle kept-alive connections; anything still open after `graceMs` is cut, so shutdown cannot hang. */
export function closeGracefully(server: Server, graceMs = 10_000) {
  for (const response of answersInFlight.get(server) ?? []) response.shouldKeepAlive = false
  const handling = handlersInFlight.get(server)
  let cutShort: () => void = () => undefined
  const graceOver = new Promise<void>((over) => {
    cutShort = over
  })
  const cut = setTimeout(() => {
    server.closeAllConnections()
    cutShort()
  }, graceMs)
  cut.unref()
  const closed = new Promise<void>((done) => server.close(() => done()))
  const handled = new Promise<void>((done) => {
    if (!handling || handling.count === 0) return done()
    handling.settled.add(done)
  })
  return Promise.race([Promise.all([closed, handled]), Promise.all([closed, graceOver])]).then(() => {
    clearTimeout(cut)
  })
}
