import { type ConnectedAccount, runConnection } from './connect'
import { connectionAdmin } from './connection-admin'
import { NO_SECRET_KEY, type RegistryOptions, type Running } from './connection-types'
import { type SecretBox, secretBox } from './secret-box'

const notConnected = () =>
  new Response(
    JSON.stringify({
      errors: [{ status: '404', title: 'not_found', detail: 'There is no connected account here' }],
    }),
    { status: 404, headers: { 'Content-Type': 'application/vnd.api+json' } },
  )

async function syncWithDatabase(options: RegistryOptions, box: SecretBox | undefined, running: Running) {
  const log = options.log ?? console.warn
  const rows = await options.storage.upstreamConnections.fromSettings()
  const wanted = new Map(rows.map((row) => [row.account_id, row]))
  for (const [accountId, entry] of running)
    if (entry.sealed !== null && wanted.get(accountId)?.api_key_sealed !== entry.sealed) {
      running.delete(accountId)
      await entry.account.stop()
    }
  for (const row of rows) {
    if (running.has(row.account_id) || !row.api_key_sealed) continue
    const apiKey = box?.open(row.api_key_sealed)
    if (!box || !apiKey) {
      const why = box
        ? 'The stored key does not open with this SECRET_KEY; replace the key in Settings → Connection'
        : NO_SECRET_KEY
      await options.storage.upstream.recordContact(row.account_id, 'unauthorised', why, options.now())
      log(`Not mirroring ${row.base_url} for ${row.account_id}: ${why}`)
      continue
    }
    const account = runConnection(
      row.account_id,
      { baseUrl: row.base_url, apiKey, box, publicUrl: options.publicUrl, ...options.pace },
      options,
    )
    if (options.run) account.start()
    running.set(row.account_id, { account, sealed: row.api_key_sealed })
  }
}

/** Each has its own client (its own pace), reconciler and webhook receiver. */
export function createConnectionRegistry(options: RegistryOptions) {
  const log = options.log ?? console.warn
  const box = options.secretKey ? secretBox(options.secretKey) : undefined
  const running: Running = new Map()
  let changing: Promise<void> = Promise.resolve()
  const exclusive = (work: () => Promise<void>) => {
    const turn = changing.then(work)
    changing = turn.catch((error: Error) => log(error.message))
    return turn
  }
  const refresh = () => exclusive(() => syncWithDatabase(options, box, running)).catch(() => undefined)
  return {
    refresh,
    ...connectionAdmin({ options, box, running, exclusive, refresh }),
    add(account: ConnectedAccount) {
      running.set(account.accountId, { account, sealed: null })
    },
    clientFor: (accountId: string) => running.get(accountId)?.account.client,
    receive(accountId: string, request: Request) {
      const entry = running.get(accountId)
      return entry ? entry.account.ingest(accountId, request) : Promise.resolve(notConnected())
    },
    list: (ownerId: string, accountId?: string) =>
      options.storage.upstreamConnections.owned(ownerId, accountId),
    /** All that is ever shown of a key. */
    lastFour(sealed: string | null) {
      const key = sealed ? box?.open(sealed) : undefined
      return key ? key.slice(-4) : null
    },
    async stop() {
      await changing
      for (const { account } of running.values()) await account.stop()
      running.clear()
    },
  }
}
export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>
