import { Problem, problem } from '../http/problem'
import type { Stores } from '../storage/storage'
import { UPSTREAM_KEY_NAME } from '../storage/upstream-connection-store'
import { connectedAccountId } from './connect'
import { NO_SECRET_KEY, type RegistryOptions, type Running } from './connection-types'
import type { SecretBox } from './secret-box'
import { verifyUpstreamKey } from './verify-key'

type Admin = {
  options: RegistryOptions
  box: SecretBox | undefined
  running: Running
  exclusive: (work: () => Promise<void>) => Promise<void>
  refresh: () => Promise<void>
}

/** Writes the change's audit record inside its transaction; never given the key. */
export type ConnectionAudit = (
  stores: Stores,
  connection: { accountId: string; baseUrl: string },
) => Promise<void>
const unrecorded: ConnectionAudit = async () => {}

const KEY = '/data/attributes/api_key'
const alreadyConnected = () =>
  problem(409, { detail: 'This upstream account is already connected here', code: 'already_connected' })

function sealingBox(box: SecretBox | undefined) {
  if (!box) throw problem(503, { detail: NO_SECRET_KEY, code: 'secret_key_missing' })
  return box
}

/** Connecting must never move a key from one account to another. */
async function refuseKeyOfAnotherAccount({ options }: Admin, apiKey: string, accountId: string) {
  const holder = await options.storage.apiKeys.authenticate(apiKey)
  if (holder && holder.accountId !== accountId)
    throw new Problem(409, [
      {
        status: '409',
        title: 'Key already in use',
        detail: 'This key already signs in to another account on this server',
        code: 'key_in_use',
        source: { pointer: KEY },
      },
    ])
}

async function ownedOr404({ options }: Admin, ownerId: string, accountId: string) {
  const [row] = await options.storage.upstreamConnections.owned(ownerId, accountId)
  if (!row)
    throw problem(404, {
      detail: `There is no connection ${accountId} made by this account`,
      code: 'not_found',
    })
  return row
}

async function connect(
  admin: Admin,
  ownerId: string,
  input: { apiKey: string; baseUrl: string },
  record: ConnectionAudit,
) {
  const { options } = admin
  const sealer = sealingBox(admin.box)
  const baseUrl = input.baseUrl.replace(/\/+$/, '')
  const accountId = connectedAccountId(baseUrl, input.apiKey)
  await refuseKeyOfAnotherAccount(admin, input.apiKey, accountId)
  if (await options.storage.upstream.connection(accountId)) throw alreadyConnected()
  const name = await verifyUpstreamKey({ ...options, baseUrl, apiKey: input.apiKey })
  const made = await options.storage.transaction(async (stores) => {
    const created = await stores.upstreamConnections.create({
      accountId,
      ownerId,
      companyName: name ?? new URL(baseUrl).host,
      baseUrl,
      apiKeySealed: sealer.seal(input.apiKey),
    })
    if (created) await stores.apiKeys.ensure(accountId, UPSTREAM_KEY_NAME, 'write', input.apiKey)
    if (created) await record(stores, { accountId, baseUrl })
    return created
  })
  if (!made) throw alreadyConnected()
  await admin.refresh()
  return accountId
}

/** Refused when it is another upstream account's: the mirror would mix two accounts. */
async function replaceKey(
  admin: Admin,
  target: { ownerId: string; accountId: string },
  apiKey: string,
  record: ConnectionAudit,
) {
  const { ownerId, accountId } = target
  const sealer = sealingBox(admin.box)
  const { connection } = await ownedOr404(admin, ownerId, accountId)
  await refuseKeyOfAnotherAccount(admin, apiKey, accountId)
  // an empty mirror has nothing to compare: any account's key may take it over
  const mirrored = await admin.options.storage.upstreamConnections.mirroredShipments(accountId, 3)
  await verifyUpstreamKey({ ...admin.options, baseUrl: connection.base_url, apiKey, mirrored })
  await admin.options.storage.transaction(async (stores) => {
    await stores.upstreamConnections.replaceKey(accountId, sealer.seal(apiKey))
    await stores.upstreamConnections.dropUpstreamKeys(accountId)
    await stores.apiKeys.ensure(accountId, UPSTREAM_KEY_NAME, 'write', apiKey)
    await record(stores, { accountId, baseUrl: connection.base_url })
  })
  await admin.refresh()
}

/** The mirror stays. */
async function disconnect(admin: Admin, ownerId: string, accountId: string, record: ConnectionAudit) {
  const { options, running } = admin
  const { connection } = await ownedOr404(admin, ownerId, accountId)
  await admin.exclusive(async () => {
    const entry = running.get(accountId)
    running.delete(accountId)
    // stopped first, so no registration under way makes the webhook again once removed
    await entry?.account.stop()
    const webhookId = (await options.storage.upstream.connection(accountId))?.webhook_id
    if (entry && webhookId)
      await entry.account.client
        .send('DELETE', `/webhooks/${webhookId}`)
        .catch((error: Error) =>
          (options.log ?? console.warn)(`The upstream webhook stays: ${error.message}`),
        )
    await options.storage.transaction(async (stores) => {
      await stores.upstreamConnections.remove(accountId)
      await stores.upstreamConnections.dropUpstreamKeys(accountId)
      await record(stores, { accountId, baseUrl: connection.base_url })
    })
  })
}

export const connectionAdmin = (admin: Admin) => ({
  connect: (ownerId: string, input: { apiKey: string; baseUrl: string }, record = unrecorded) =>
    connect(admin, ownerId, input, record),
  replaceKey: (ownerId: string, accountId: string, apiKey: string, record = unrecorded) =>
    replaceKey(admin, { ownerId, accountId }, apiKey, record),
  disconnect: (ownerId: string, accountId: string, record = unrecorded) =>
    disconnect(admin, ownerId, accountId, record),
})
