import { connect } from 'node:net'

export type RawRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
}
export type Answer = { status: number; headers: Record<string, string>; body: string }

const dechunk = (raw: Buffer) => {
  const parts: Buffer[] = []
  let at = 0
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/** Parses one HTTP/1.1 response read to the end of the connection. */
function parseAnswer(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) return { status: 0, headers: {}, body: raw.toString('latin1').slice(0, 300) }
  const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = raw.subarray(split + 4)
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest
  return { status: Number(statusLine.split(' ')[1]) || 0, headers, body: body.toString('utf8') }
}

/**
 * Sends one request over its own TCP connection, byte for byte as given (header values as UTF-8, no
 * checks), so that it can carry what no HTTP client would send; answers status 0 when no answer came.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 30_000): Promise<Answer> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body)
  const headers = { host: `127.0.0.1:${port}`, ...request.headers, connection: 'close' }
  const head =
    `${request.method} ${request.path} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    (body ? `content-length: ${body.length}\r\n` : '') +
    '\r\n'
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(Buffer.from(head, 'utf8'))
      if (body) socket.write(body)
    })
    const timer = setTimeout(() => socket.destroy(), timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // the server may close before reading a refused body: what it answered is still there to read
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(parseAnswer(Buffer.concat(chunks)))
    })
  })
}
