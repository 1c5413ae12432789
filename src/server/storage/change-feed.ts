import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from './database'

const CHANNEL = 'quayside_account_changed'
const RECONNECT_MS = 1_000

export type ChangeFeed = {
  publish: (accountId: string) => void
  /** `undefined` means "any": a gap to cover. */
  subscribe: (listener: (accountId: string | undefined) => void) => void
  close: () => Promise<void>
}

/** LISTEN/NOTIFY, so each process's response cache drops what another made stale; PGlite is one process. */
export async function openChangeFeed(
  database: Database,
  log: (message: string) => void = console.error,
): Promise<ChangeFeed> {
  const listeners: ((accountId: string | undefined) => void)[] = []
  const tell = (accountId: string | undefined) => {
    for (const listener of listeners) listener(accountId)
  }
  const subscribe = (listener: (accountId: string | undefined) => void) => {
    listeners.push(listener)
  }
  const url = database.url
  if (!url) return { publish: () => undefined, subscribe, close: async () => undefined }

  const self = randomUUID()
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      const [from, accountId] = (message.payload ?? '').split(' ')
      if (from !== self && accountId) tell(accountId)
    })
    next.on('error', (error) => {
      log(`The change feed lost its connection: ${error.message}`)
      void next.end().catch(() => undefined)
      if (client === next) client = undefined
      tell(undefined)
      if (!closed) retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS)
    })
    await next.connect()
    await next.query(`LISTEN ${CHANNEL}`)
    client = next
  }
  const reconnectLater = (error: Error) => {
    log(`The change feed could not connect: ${error.message}`)
    if (!closed) retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS)
  }
  await connect()

  return {
    publish: (accountId) => {
      database.db
        .execute(sql`select pg_notify(${CHANNEL}, ${`${self} ${accountId}`})`)
        .catch((error: Error) => log(`Could not tell other processes of a change: ${error.message}`))
    },
    subscribe,
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end()
    },
  }
}
