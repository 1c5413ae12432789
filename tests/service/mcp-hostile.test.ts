import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, type Service, startService } from './harness'

type Case = { label: string; method?: string; headers?: Record<string, string>; body?: string }
type Answer = { status: number; contentType: string; body: string }

const MCP_HEADERS = {
  Authorization: `Bearer ${KEY}`,
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
}
const rpc = (message: unknown) => JSON.stringify(message)
const call = (name: string, args: unknown) =>
  rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } })

const CASES: Case[] = [
  { label: 'no body', body: '' },
  { label: 'not JSON', body: 'hello there' },
  { label: 'truncated JSON', body: '{"jsonrpc":"2.0","id":1,"method":"tools/li' },
  { label: 'NUL bytes', body: '{"jsonrpc":"2.0\u0000","id":1}' },
  { label: 'a JSON number', body: '42' },
  { label: 'JSON null', body: 'null' },
  { label: 'nested 100 000 deep', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { label: 'not JSON-RPC', body: rpc({ hello: 'world' }) },
  { label: 'unknown method', body: rpc({ jsonrpc: '2.0', id: 1, method: 'tools/explode' }) },
  { label: 'batch of junk', body: rpc([1, 'two', { three: 3 }, null]) },
  { label: 'unknown tool', body: call('drop_tables', {}) },
  { label: 'wrong argument types', body: call('get_container', { id: 12345 }) },
  { label: 'id of 100 000 characters', body: call('get_container', { id: 'A'.repeat(100_000) }) },
  { label: 'arguments not an object', body: call('get_container', 'MSCU') },
  { label: 'SQL in a search', body: call('search_container', { query: "'; drop table containers; --" }) },
  {
    label: 'a day that is not a day',
    body: call('get_cost_projection', { id: 'x', pickup_date: '2026-02-31' }),
  },
  {
    label: 'prototype pollution',
    body: call('set_custom_field', JSON.parse('{"__proto__":{"x":1},"entity":"container"}')),
  },
  {
    label: 'text/plain',
    headers: { ...MCP_HEADERS, 'Content-Type': 'text/plain' },
    body: rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  },
  {
    label: 'no Accept',
    headers: { Authorization: MCP_HEADERS.Authorization, 'Content-Type': 'application/json' },
    body: rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  },
  {
    label: 'two megabytes',
    body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(2 * 1024 * 1024)}"}}`,
  },
  { label: 'GET', method: 'GET', body: undefined },
  { label: 'DELETE', method: 'DELETE', body: undefined },
  { label: 'PUT', method: 'PUT' },
  { label: 'PATCH', method: 'PATCH' },
  { label: 'OPTIONS', method: 'OPTIONS', body: undefined },
  { label: 'another site', headers: { ...MCP_HEADERS, Origin: 'https://evil.example' } },
  {
    label: 'a cookie and no key',
    headers: { ...MCP_HEADERS, Authorization: '', Cookie: 'quayside_session=abc' },
  },
  {
    label: 'a key of 10 000 characters',
    headers: { ...MCP_HEADERS, Authorization: `Bearer ${'k'.repeat(10_000)}` },
  },
  { label: 'a key outside ASCII', headers: { ...MCP_HEADERS, Authorization: 'Token caf\u00e9' } },
]

/** A 5xx, a non-JSON error, or an error outside both the JSON:API envelope and JSON-RPC's. */
function fault(label: string, answer: Answer) {
  if (answer.status >= 500 || answer.status === 0)
    return `${label}: ${answer.status} ${answer.body.slice(0, 200)}`
  if (answer.status < 400) return undefined
  if (!answer.body) return answer.status === 405 ? undefined : `${label}: ${answer.status} with no body`
  if (!/json/.test(answer.contentType)) return `${label}: ${answer.status} as ${answer.contentType}`
  const body = JSON.parse(answer.body)
  const envelope = Array.isArray(body.errors) && body.errors[0]?.status === String(answer.status)
  const jsonRpc = body.jsonrpc === '2.0' && typeof body.error?.code === 'number'
  return envelope || jsonRpc ? undefined : `${label}: ${answer.status} ${answer.body.slice(0, 120)}`
}

/** Through the gateway as `npm start` serves it, and to the bare service, whose own limits then hold. */
const SETUPS = DATABASE_KINDS.map((kind, i) => ({ kind, gateway: i % 2 === 0 }))

describe.each(SETUPS)('hostile requests to /mcp on $kind (gateway: $gateway)', ({ kind, gateway }) => {
  let service: Service

  beforeAll(async () => {
    service = await startService(kind, { shipments: 6, gateway })
  })
  afterAll(async () => {
    await service?.stop()
  })

  const send = async ({
    method = 'POST',
    headers = MCP_HEADERS,
    body = rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  }: Case) => {
    const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''))
    const response = await fetch(`${service.baseUrl}/mcp`, {
      method,
      headers: sent,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }).catch(() => undefined)
    if (!response) return { status: 0, contentType: '', body: '' }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await response.text(),
    }
  }

  it('answers every one with a JSON error or a proper MCP error, never a 5xx', async () => {
    const faults: string[] = []
    const answers: Record<string, number> = {}
    for (const hostile of CASES) {
      const answer = await send(hostile)
      answers[hostile.label] = answer.status
      const problem = fault(hostile.label, answer)
      if (problem) faults.push(problem)
    }
    expect(faults).toEqual([])
    expect(answers).toMatchObject({
      'two megabytes': 413,
      GET: 405,
      DELETE: 405,
      PUT: 405,
      'another site': 403,
      'a cookie and no key': 401,
      'a key of 10 000 characters': 401,
      'not JSON': 400,
    })
  })

  it('still serves a well-formed call after all of them', async () => {
    const answer = await send({ label: 'ping' })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
  })
})
