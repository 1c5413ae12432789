import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, type Service, startService } from './harness'
import {
  type BodyCase,
  bodyCases,
  type Operation,
  operationsOf,
  pathCases,
  queryCases,
  schemaLeafCases,
} from './hostile-corpus'
import { type Answer, rawRequest } from './hostile-raw'

type Sent = { label: string; answer: Answer }

/** A 501 the service answers on purpose, in the envelope: the operation exists but is not available here. */
const deliberatelyUnavailable = (answer: Answer) =>
  answer.status === 501 && /"code":"not_available"/.test(answer.body)

/** What is wrong with an answer to a hostile request: a 5xx, or an error outside the JSON:API envelope. */
function fault({ label, answer }: Sent) {
  if ((answer.status >= 500 && !deliberatelyUnavailable(answer)) || answer.status === 0)
    return `${label}: ${answer.status} ${answer.body.slice(0, 200)}`
  if (answer.status < 400) return undefined
  if (!/^application\/vnd\.api\+json/.test(answer.headers['content-type'] ?? ''))
    return `${label}: ${answer.status} without the JSON:API content type`
  try {
    const [error] = ErrorDocumentSchema.parse(JSON.parse(answer.body)).errors
    if (error.status !== String(answer.status))
      return `${label}: envelope says ${error.status}, status ${answer.status}`
  } catch {
    return `${label}: ${answer.status} body is not an error envelope: ${answer.body.slice(0, 120)}`
  }
  return undefined
}

describe.each(DATABASE_KINDS)('hostile input on every operation of /v2/openapi.json, on %s', (kind) => {
  let service: Service
  let operations: Operation[] = []
  let port = 0
  const delay = monitorEventLoopDelay({ resolution: 5 })
  const sent: Sent[] = []

  const send = async (label: string, request: Parameters<typeof rawRequest>[1]) => {
    const answer = await rawRequest(port, request)
    const entry = { label, answer }
    sent.push(entry)
    return entry
  }
  const faultsOf = (entries: Sent[]) => entries.map(fault).filter(Boolean)

  beforeAll(async () => {
    service = await startService(kind, { shipments: 6, gateway: true })
    port = Number(new URL(service.baseUrl).port)
    const document = (await service.get('/v2/openapi.json', null)).body
    operations = await operationsOf(document, service)
    delay.enable()
  }, 120_000)

  afterAll(async () => {
    delay.disable()
    const worst = delay.max / 1e6
    console.log(
      `hostile input on ${kind}: ${sent.length} requests over ${operations.length} operations; ` +
        `worst event-loop block ${worst.toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`,
    )
    await service?.stop()
  })

  it('reads the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30)
    expect(operations.some((o) => o.method === 'POST' && o.hasBody)).toBe(true)
  })

  // deletes run last, so that the records every other request names are still there
  const kept = () => operations.filter((o) => o.method !== 'DELETE')
  const deletes = () => operations.filter((o) => o.method === 'DELETE')

  it('refuses a body nested 12,000 deep with 400 and a pointer, on every operation that reads JSON', async () => {
    const deep = `{"data":${'['.repeat(12_000)}${']'.repeat(12_000)}}`
    for (const operation of kept().filter((o) => o.readsJson)) {
      const label = `${operation.method} ${operation.template}`
      const { answer } = await send(`${label} deep`, requestFor(operation, { label: 'deep', body: deep }))
      expect(answer.status, label).toBe(400)
      expect(JSON.parse(answer.body).errors[0].source.pointer, label).toMatch(/^\/data(\/0){63}$/)
    }
  }, 120_000)

  it('refuses a body over 1 MB (a file over 25 MB) with 413 and closes the connection', async () => {
    const big = `{"data":"${'x'.repeat(2 * 1024 * 1024)}"}`
    // uploads and inbound mail carry files: their bodies may be larger, up to 25 MB
    const file = Buffer.alloc(26 * 1024 * 1024, 'x')
    for (const operation of kept().filter((o) => o.hasBody)) {
      const label = `${operation.method} ${operation.template}`
      const [size, body, contentType] = operation.readsJson
        ? ['2 MB', big, undefined]
        : ['26 MB', file, operation.contentType]
      const { answer } = await send(
        `${label} ${size}`,
        requestFor(operation, { label: size, body, contentType }),
      )
      expect(answer.status, label).toBe(413)
      expect(answer.headers.connection, label).toBe('close')
    }
  }, 120_000)

  it('answers hostile query parameters on every operation in the envelope', async () => {
    expect(faultsOf(await queryRound(kept()))).toEqual([])
  }, 600_000)

  it('answers hostile path parameters on every operation in the envelope', async () => {
    expect(faultsOf(await pathRound(kept()))).toEqual([])
  }, 600_000)

  it('answers unknown methods, TRACE and CONNECT on every path with 405 in the envelope', async () => {
    const paths = [...new Set(operations.map((o) => o.path))]
    const entries: Sent[] = []
    for (const path of paths)
      for (const method of ['TRACE', 'PROPFIND', 'FOO', 'BREW', 'M-SEARCH'])
        entries.push(
          await send(`${method} ${path}`, { method, path, headers: { authorization: `Token ${KEY}` } }),
        )
    entries.push(await send('CONNECT', { method: 'CONNECT', path: '127.0.0.1:22', headers: {} }))
    expect(faultsOf(entries)).toEqual([])
    expect(
      entries.filter((e) => e.answer.status !== 405).map((e) => `${e.label}: ${e.answer.status}`),
    ).toEqual([])
  }, 300_000)

  it('answers hostile credentials and headers on every operation in the envelope', async () => {
    const entries = await headerRound(kept())
    expect(faultsOf(entries)).toEqual([])
    const nonAscii = entries.filter((e) => e.label.endsWith('non-ASCII key') && !e.label.startsWith('public'))
    expect(
      nonAscii.filter((e) => e.answer.status !== 401).map((e) => `${e.label}: ${e.answer.status}`),
    ).toEqual([])
  }, 600_000)

  it('answers hostile bodies on every operation with a 4xx in the envelope, never a 5xx', async () => {
    expect(faultsOf(await bodyRound(kept()))).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  }, 600_000)

  it('answers every hostile request to a delete in the envelope, last', async () => {
    const entries = [
      ...(await pathRound(deletes())),
      ...(await headerRound(deletes())),
      ...(await bodyRound(deletes())),
      ...(await queryRound(deletes())),
    ]
    expect(faultsOf(entries)).toEqual([])
  }, 600_000)

  async function bodyRound(list: Operation[]) {
    const entries: Sent[] = []
    for (const operation of list)
      for (const item of [...bodyCases(), ...schemaLeafCases(operation)])
        entries.push(
          await send(`${operation.method} ${operation.template} ${item.label}`, requestFor(operation, item)),
        )
    return entries
  }

  async function queryRound(list: Operation[]) {
    const entries: Sent[] = []
    for (const operation of list)
      for (const item of queryCases(operation))
        entries.push(
          await send(`${operation.method} ${operation.template}?${item.label}`, {
            method: operation.method,
            path: `${operation.path}?${item.query}`,
            headers: { authorization: `Token ${KEY}` },
          }),
        )
    return entries
  }

  async function pathRound(list: Operation[]) {
    const entries: Sent[] = []
    for (const operation of list)
      for (const item of pathCases(operation))
        entries.push(
          await send(`${operation.method} ${item.label}`, {
            method: operation.method,
            path: item.path,
            headers: { authorization: `Token ${KEY}`, 'content-type': 'application/vnd.api+json' },
            body: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : '{}',
          }),
        )
    return entries
  }

  async function headerRound(list: Operation[]) {
    const entries: Sent[] = []
    for (const operation of list)
      for (const [label, headers] of HEADER_CASES)
        entries.push(
          await send(
            `${operation.public ? 'public ' : ''}${operation.method} ${operation.template} ${label}`,
            {
              method: operation.method,
              path: operation.path,
              headers,
              body: operation.hasBody ? '{"data":{}}' : undefined,
            },
          ),
        )
    return entries
  }
})

const HEADER_CASES: [string, Record<string, string>][] = [
  ['non-ASCII key', { authorization: 'Token clé-été-ключ' }],
  ['control character in key', { authorization: 'Token abc\u0001def' }],
  ['line break in key', { authorization: 'Token abc\r\nX-Injected: 1' }],
  ['NUL in key', { authorization: 'Token abc\u0000def' }],
  ['10 KB key', { authorization: `Token ${'k'.repeat(10_000)}` }],
  ['empty token', { authorization: 'Token ' }],
  ['other scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ['64 KB header', { authorization: `Token ${KEY}`, 'x-padding': 'p'.repeat(64 * 1024) }],
  ['odd content type', { authorization: `Token ${KEY}`, 'content-type': 'application/json; charset=utf-16' }],
  ['foreign Host', { authorization: `Token ${KEY}`, host: 'rebind.evil.example' }],
]

/** The raw request for one body case on one operation, with a valid key so the body reaches the handler. */
function requestFor(operation: Operation, item: BodyCase) {
  return {
    method: operation.method,
    path: operation.path,
    headers: {
      authorization: `Token ${KEY}`,
      'content-type': item.contentType ?? 'application/vnd.api+json',
    },
    body: item.body,
  }
}
