import type { Service } from './harness'

/** One operation of the OpenAPI document with its path parameters filled from the demo data. */
export type Operation = {
  method: string
  template: string
  path: string
  hasBody: boolean
  /** Reads a JSON body; an upload reads multipart and answers JSON with what to send instead. */
  readsJson: boolean
  /** The media type of its body, as the document names it first. */
  contentType?: string
  query: string[]
  bodySchema?: JsonSchema
  /** Needs no API key (`security: []`), such as a signed download link. */
  public: boolean
}
export type BodyCase = { label: string; body: string | Buffer; contentType?: string }

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
}
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[]
        security?: unknown[]
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
}

/** Values for path parameters of resources that have no list to take an id from. */
async function referenceSamples(service: Service) {
  const shipment = (await service.get('/v2/shipments?page[size]=1')).body.data[0]
  return {
    ports: 'USLAX',
    terminals: shipment?.relationships?.pod_terminal?.data?.id ?? 'x',
    vessels: shipment?.attributes?.pod_vessel_imo ?? 'x',
  } as Record<string, string>
}

/**
 * Fills each `{param}` from a record of the list before it (its id, or its attribute of that name), trying
 * further records of a parent until one has children, so that nested paths name records that exist.
 */
async function fillPath(service: Service, template: string, samples: Record<string, string>) {
  const segments = template.split('/')
  const fill = async (from: number, filled: string[]): Promise<string[] | undefined> => {
    const at = segments.findIndex((segment, i) => i >= from && /^\{\w+\}$/.test(segment))
    if (at < 0) return [...filled, ...segments.slice(filled.length)]
    const name = segments[at].slice(1, -1)
    const prefix = [...filled, ...segments.slice(filled.length, at)]
    const answer = await service.get(`/v2${prefix.join('/')}?page[size]=20`)
    const records: { id: string; attributes?: Record<string, unknown> }[] = Array.isArray(answer.body?.data)
      ? answer.body.data
      : []
    for (const record of records) {
      const found = await fill(at + 1, [...prefix, String(record.attributes?.[name] ?? record.id)])
      if (found) return found
    }
    const sample = samples[segments[at - 1]]
    return sample ? fill(at + 1, [...prefix, sample]) : undefined
  }
  const path = (await fill(0, [])) ?? segments.map((segment) => (/^\{\w+\}$/.test(segment) ? 'x' : segment))
  return `/v2${path.join('/')}`
}

/** Every operation the document lists, deletes last so that they do not take records the rest use. */
export async function operationsOf(document: OpenApi, service: Service): Promise<Operation[]> {
  const samples = await referenceSamples(service)
  const operations: Operation[] = []
  for (const [template, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema
      operations.push({
        method: method.toUpperCase(),
        template,
        path: await fillPath(service, template, samples),
        hasBody: Boolean(operation.requestBody),
        readsJson: Object.keys(operation.requestBody?.content ?? {}).some((type) => /json/.test(type)),
        contentType: Object.keys(operation.requestBody?.content ?? {})[0],
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: schema,
        public: Array.isArray(operation.security) && operation.security.length === 0,
      })
    }
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
}

const mimeNest = (depth: number) => {
  let body = 'x'
  for (let i = 0; i < depth; i++)
    body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}\r\n--b${i}--`
  return `From: a@b.example\r\n${body}`
}

/** Mail that no parser should choke on: deep nesting, giant headers, broken encodings, control characters. */
const hostileMessages: [string, string | Buffer][] = [
  ['a message nested 2,000 deep', mimeNest(2_000)],
  ['a 900 KB header', `From: a@b.example\r\nSubject: ${'x'.repeat(900_000)}\r\n\r\nhi`],
  ['50,000 headers', `From: a@b.example\r\n${'X-A: 1\r\n'.repeat(50_000)}\r\nhi`],
  [
    'broken base64 attachment',
    'From: a@b.example\r\nContent-Type: multipart/mixed; boundary=Z\r\n\r\n--Z\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="../../etc/passwd\u0000.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%%not base64\r\n--Z--',
  ],
  [
    'invalid UTF-8 everywhere',
    Buffer.concat([
      Buffer.from('From: a@b.example\r\nSubject: '),
      Buffer.from([0xff, 0xfe, 0xc3, 0]),
      Buffer.from('\r\n\r\n'),
      Buffer.from([0xff, 0, 0xfe]),
    ]),
  ],
  [
    'an unclosed boundary',
    'From: a@b.example\r\nContent-Type: multipart/mixed; boundary=Q\r\n\r\n--Q\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>',
  ],
]

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const attributes = (inner: string) => `{"data":{"type":"x","attributes":${inner}}}`

/** The same hostile bodies for every operation: nesting, size, broken encodings, wrong types, odd JSON. */
export const bodyCases = (): BodyCase[] => [
  { label: '12,000-deep array', body: nest(12_000) },
  { label: '12,000-deep object', body: `${'{"a":'.repeat(12_000)}1${'}'.repeat(12_000)}` },
  { label: '65 deep under attributes', body: attributes(`{"a":${nest(65)}}`) },
  { label: '100,000-element array', body: attributes(`{"a":[${new Array(100_000).fill(0).join(',')}]}`) },
  { label: '900 KB string', body: attributes(`{"name":"${'x'.repeat(900_000)}"}`) },
  { label: 'malformed JSON', body: '{"data":' },
  {
    label: 'invalid UTF-8',
    body: Buffer.concat([
      Buffer.from('{"data":{"type":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}}'),
    ]),
  },
  { label: 'NUL in a key', body: attributes('{"a\\u0000":1}') },
  { label: 'NUL in a value', body: attributes('{"name":"a\\u0000b"}') },
  { label: 'lone surrogate', body: attributes('{"name":"\\ud800"}') },
  { label: 'as text/plain', contentType: 'text/plain', body: '{"data":{}}' },
  { label: 'as a form', contentType: 'application/x-www-form-urlencoded', body: 'data=1' },
  {
    label: 'as multipart',
    contentType: 'multipart/form-data; boundary=X',
    body: '--X\r\nContent-Disposition: form-data; name="data"\r\n\r\n1\r\n--X--\r\n',
  },
  { label: 'as XML', contentType: 'application/xml', body: '<data/>' },
  { label: 'empty', body: '' },
  { label: 'null', body: 'null' },
  { label: 'an array', body: '[]' },
  { label: 'a string', body: '"data"' },
  { label: 'a number past every float', body: '1e999999' },
  {
    label: 'prototype keys',
    body: '{"__proto__":{"polluted":true},"data":{"type":"x","attributes":{"constructor":{"prototype":{"polluted":true}}}}}',
  },
  { label: 'duplicate keys', body: '{"data":{"type":"a"},"data":{"type":"b"}}' },
  ...hostileMessages.map(([label, body]) => ({ label, body, contentType: 'message/rfc822' })),
]

const firstOf = (schema: JsonSchema) =>
  (schema.anyOf ?? schema.oneOf)?.find((option) => option.type !== 'null') ?? schema

/** A plausible value for a schema, so that one hostile leaf at a time reaches the check for it. */
function example(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return 'x'
  const chosen = firstOf(schema)
  if (chosen.const !== undefined) return chosen.const
  if (chosen.enum) return chosen.enum[0]
  const type = Array.isArray(chosen.type) ? chosen.type.find((t) => t !== 'null') : chosen.type
  if (type === 'object' || chosen.properties)
    return Object.fromEntries(
      Object.entries(chosen.properties ?? {}).map(([key, value]) => [key, example(value, depth + 1)]),
    )
  if (type === 'array') return [example(chosen.items, depth + 1)]
  if (type === 'integer' || type === 'number') return 1
  if (type === 'boolean') return true
  if (chosen.format === 'uri') return 'https://93.184.216.34/hook'
  if (chosen.format === 'date-time') return '2026-11-22T12:00:00Z'
  return 'x'
}

/** Paths to every number, string and boolean in a value. */
function leaves(value: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
  return [[path, value]]
}

const withLeaf = (value: unknown, path: (string | number)[], replacement: unknown) => {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let at = copy
  for (const part of path.slice(0, -1)) at = at[part] as Record<string | number, unknown>
  at[path.at(-1)!] = replacement
  return copy
}

const HOSTILE_NUMBERS = [2 ** 31, 2 ** 63, 1e308, -1, 0.5, '7']
const HOSTILE_STRINGS = ['x'.repeat(100_000), 'a\u0000b', '\u0001\u001b[31m\u007f', '\u202egnp.exe', 12]

/** One body per leaf of the operation's own schema and hostile value: overflowing numbers, huge or control-laden text. */
export function schemaLeafCases(operation: Operation): BodyCase[] {
  if (!operation.bodySchema) return []
  const base = example(operation.bodySchema)
  // a body that is a file (an email) has no fields to make hostile one at a time
  if (!base || typeof base !== 'object') return []
  return leaves(base).flatMap(([path, value]) =>
    (typeof value === 'number'
      ? HOSTILE_NUMBERS
      : typeof value === 'string'
        ? HOSTILE_STRINGS
        : ['yes', 2]
    ).map((hostile) => ({
      label: `/${path.join('/')} = ${JSON.stringify(hostile).slice(0, 20)}`,
      body: JSON.stringify(withLeaf(base, path, hostile)),
    })),
  )
}

const HOSTILE_QUERY_VALUES = [
  'A'.repeat(10_000),
  '%00',
  '%FF%FE',
  '99999999999999999999',
  '-1',
  '1e309',
  '%5B%5D',
  '%E2%80%AE',
]

/** Hostile values for each query parameter the operation lists, and some no operation expects. */
export function queryCases(operation: Operation) {
  const general = [
    `include=${'a,'.repeat(5_000)}`,
    'filter[a][b][c][d][e][f]=1',
    '%ZZ=1',
    `page[size]=${'9'.repeat(400)}`,
    `q=${'%2525'.repeat(1_000)}`,
    'x=1&'.repeat(5_000),
  ]
  return [
    ...general.map((query) => ({ label: query.slice(0, 30), query })),
    ...operation.query.flatMap((name) =>
      HOSTILE_QUERY_VALUES.map((value) => ({
        label: `${name}=${value.slice(0, 20)}`,
        query: `${name}=${value}`,
      })),
    ),
  ]
}

const HOSTILE_SEGMENTS = [
  '%00',
  '%FF',
  '..%2F..%2Fetc%2Fpasswd',
  'A'.repeat(8_000),
  "'%20OR%201=1--",
  '%E2%80%AE',
  '99999999999999999999',
  '%2e%2e',
  '-1',
]

/** Each path parameter in turn replaced by a hostile segment; a path without parameters gets one more segment. */
export function pathCases(operation: Operation) {
  const template = operation.template.split('/')
  const filled = operation.path.replace(/^\/v2/, '').split('/')
  const positions = template.flatMap((segment, i) => (/^\{\w+\}$/.test(segment) ? [i] : []))
  if (positions.length === 0)
    return HOSTILE_SEGMENTS.map((segment) => ({
      label: `${operation.template}/${segment.slice(0, 20)}`,
      path: `${operation.path}/${segment}`,
    }))
  return positions.flatMap((position) =>
    HOSTILE_SEGMENTS.map((segment) => ({
      label: `${operation.template} ${template[position]}=${segment.slice(0, 20)}`,
      path: `/v2${filled.map((part, i) => (i === position ? segment : part)).join('/')}`,
    })),
  )
}
