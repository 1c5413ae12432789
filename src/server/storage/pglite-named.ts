import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite'
import { LRUCache } from 'lru-cache'

type Named = { name: string; types: number[] }
/** What drizzle asks of its PGlite client. */
export type NamedClient = Pick<PGlite, 'query' | 'transaction'>

const { serialize } = protocol
// one count for the process: two wrappers of one database must not reuse a name
let made = 0
const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * PGlite's own `query` parses, plans and describes every statement afresh, over six calls into the
 * database: 250 µs for a read by id, where a statement parsed once under a name and bound again costs
 * 60 µs, in one call. So each text is parsed once under a name, as node-postgres does on PostgreSQL for
 * drizzle's prepared statements, and the least recently used are closed past `keep` texts (lists of ids written
 * out one parameter each make texts without end). A transaction's statements take PGlite's own path.
 */
export function withNamedStatements(client: PGlite, keep = 400): NamedClient {
  const closing: string[] = []
  const named = new LRUCache<string, Named>({
    max: keep,
    dispose: (statement) => closing.push(statement.name),
  })

  const closed = () => closing.splice(0).map((name) => serialize.close({ type: 'S', name }))

  async function nameOf(text: string, types: number[] | undefined) {
    const key = types ? `${types.join(',')} ${text}` : text
    const kept = named.get(key)
    if (kept) return kept
    const name = `quayside_${++made}`
    const described = await client.execProtocolStream(
      joined([
        ...closed(),
        serialize.parse({ name, text, types }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const statement = { name, types: parse.parseDescribeStatementResults(described) }
    named.set(key, statement)
    return statement
  }

  // PGlite's parseResults copies the client's 318 parsers into a new object for every statement that brings
  // its own, as drizzle's all do: 80 µs a statement, a tenth of a list page's. Its own over the client's as a
  // prototype cost under a microsecond.
  const parsersFor = (own: QueryOptions['parsers']) =>
    own ? (Object.assign(Object.create(client.parsers), own) as typeof client.parsers) : client.parsers

  async function run<T>(text: string, params: unknown[] = [], options: QueryOptions = {}) {
    const statement = await nameOf(text, options.paramTypes)
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null
      const type = statement.types[index]
      const serializer = options.serializers?.[type] ?? client.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    const messages = await client.execProtocolStream(
      joined([
        ...closed(),
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    await client.syncToFs()
    return parse.parseResults(messages, parsersFor(options.parsers), {
      ...options,
      parsers: undefined,
    })[0] as Results<T>
  }

  return {
    // the locks PGlite's own query takes: none of this may run inside another caller's transaction
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options))),
    transaction: (callback) => client.transaction(callback),
  }
}
