import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_READ_ONLY_KEY_SUFFIX, SECOND_ACCOUNT_KEY_SUFFIX } from '../../src/server/demo/seed'
import { DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { processDatabase } from '../support/process-database'
import { freePort, startProcess, startSimulatorUpstream, until } from '../support/server-process'

const KEY = `upstream-key-${randomBytes(6).toString('hex')}`
// the upstream's second demo account: the one connected from Settings
const SECOND_KEY = `${KEY}${SECOND_ACCOUNT_KEY_SUFFIX}`
const NO_DASHBOARD = join(tmpdir(), 'no-dashboard-here')

type Resource = { id: string; type: string; attributes: Record<string, unknown> }
type Doc = {
  data: Resource | Resource[]
  meta?: Record<string, unknown>
  errors?: { detail: string; code?: string; source?: { pointer?: string } }[]
}

const api =
  (port: number, key: string) =>
  async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
      ...init,
      headers: {
        Authorization: `Token ${key}`,
        'Content-Type': 'application/vnd.api+json',
        'Cache-Control': 'no-cache',
        ...init.headers,
      },
    })
    const text = await response.text()
    return { status: response.status, text, body: (text ? JSON.parse(text) : {}) as Doc }
  }

const connectBody = (apiKey: string, baseUrl: string) =>
  JSON.stringify({
    data: { type: 'upstream_connection', attributes: { api_key: apiKey, base_url: baseUrl } },
  })

/** Every shipment id of the account the key signs in to, page by page. */
async function shipmentIds(call: ReturnType<typeof api>) {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const { body } = await call(`/shipments?page[size]=100&page[number]=${page}`)
    const data = (body.data ?? []) as Resource[]
    ids.push(...data.map((s) => s.id))
    if (data.length < 100) return ids.sort()
  }
}

describe.each(DATABASE_KINDS)('Settings → Connection on %s', (kind: DatabaseKind) => {
  const running: ChildProcess[] = []
  const dropped: (() => Promise<void>)[] = []
  let upstreamUrl = ''
  let env: Record<string, string> = {}
  let port = 0
  let admin: ReturnType<typeof api>
  let second: ReturnType<typeof api>
  let upstreamSecond: ReturnType<typeof api>
  let connectionId = ''

  const start = async (overrides: Record<string, string> = {}) => {
    const started = await startProcess({ ...env, ...overrides })
    running.push(started.child)
    return started
  }
  const stopLast = async () => {
    const child = running.pop()
    child?.kill('SIGKILL')
    if (child && child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }

  beforeAll(async () => {
    const up = await startSimulatorUpstream(KEY, 20)
    dropped.push(up.drop)
    running.push(up.child)
    const upstreamPort = up.port
    upstreamUrl = `http://127.0.0.1:${upstreamPort}/v2`
    upstreamSecond = api(upstreamPort, SECOND_KEY)
    const database = await processDatabase(kind, 'quayside-connections-')
    dropped.push(database.drop)
    port = await freePort()
    admin = api(port, KEY)
    second = api(port, SECOND_KEY)
    env = {
      ...database.env,
      PORT: String(port),
      // the admin's own account mirrors the upstream's first demo account, so no demo ids collide
      UPSTREAM_URL: upstreamUrl,
      UPSTREAM_API_KEY: KEY,
      SECRET_KEY: 'a secret key for the test only',
      WEBHOOK_ALLOWLIST: '127.0.0.0/8',
      UPSTREAM_REQUESTS_PER_MINUTE: '6000',
      UPSTREAM_RECONCILE_SECONDS: '2',
      RATE_LIMIT_PER_MINUTE: '100000',
      STATIC_ROOT: NO_DASHBOARD,
    }
    await start()
  }, 240_000)

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL')
    for (const drop of dropped) await drop()
  })

  it('refuses a key the upstream refuses, in the upstream’s own words, and connects nothing', async () => {
    const refused = await admin('/upstream_connections', {
      method: 'POST',
      body: connectBody('not-a-key-the-upstream-knows', upstreamUrl),
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors?.[0].source?.pointer).toBe('/data/attributes/api_key')
    expect(refused.body.errors?.[0].detail).toMatch(/^The upstream refused the API key \(401\): ".+"$/)
    expect((await admin('/upstream_connections')).body.data).toEqual([])
  })

  it('refuses an upstream URL the outbound rules forbid', async () => {
    const refused = await admin('/upstream_connections', {
      method: 'POST',
      body: connectBody(SECOND_KEY, 'http://169.254.169.254/v2'),
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors?.[0]).toMatchObject({
      code: 'unsafe_url',
      source: { pointer: '/data/attributes/base_url' },
    })
  })

  it('connects a second upstream account by its key, never shows the key, and mirrors it', {
    timeout: 180_000,
  }, async () => {
    const made = await admin('/upstream_connections', {
      method: 'POST',
      body: connectBody(SECOND_KEY, upstreamUrl),
    })
    expect(made.status).toBe(201)
    expect(made.text).not.toContain(SECOND_KEY)
    const connection = made.body.data as Resource
    connectionId = connection.id
    expect(connection.attributes).toMatchObject({
      company_name: 'Second Account Ltd.',
      base_url: upstreamUrl,
      api_key_last4: SECOND_KEY.slice(-4),
    })
    const again = await admin('/upstream_connections', {
      method: 'POST',
      body: connectBody(SECOND_KEY, upstreamUrl),
    })
    expect(again.status).toBe(409)
    const theirs = await until(
      'the second account to be mirrored',
      async () => {
        const [mine, upstreamIds] = await Promise.all([shipmentIds(second), shipmentIds(upstreamSecond)])
        return upstreamIds.length > 0 && mine.join() === upstreamIds.join() ? upstreamIds : undefined
      },
      150_000,
    )
    const listed = await admin('/upstream_connections')
    expect(listed.text).not.toContain(SECOND_KEY)
    const shown = (listed.body.data as Resource[])[0]
    expect(shown.attributes.shipments_mirrored).toBe(theirs.length)
    expect(shown.attributes.webhook_registered).toBe(true)
    expect(shown.attributes.last_heard_at).not.toBeNull()
    // the connection is the admin's: the connected account itself lists none
    expect((await second('/upstream_connections')).body.data).toEqual([])
  })

  it('sets and removes a custom field value at the upstream first, and passes on its refusal', {
    timeout: 120_000,
  }, async () => {
    await until(
      'the custom field definitions to be mirrored',
      async () =>
        (await second('/custom_field_definitions')).text.includes('invoice_value') ? true : undefined,
      90_000,
    )
    const shipment = ((await second('/shipments?page[size]=1')).body.data as Resource[])[0]
    const fields = `/shipments/${shipment.id}/custom_fields`
    const upstreamValue = async () =>
      ((await upstreamSecond(fields)).body.data as Resource[]).find(
        (f) => f.attributes.api_slug === 'invoice_value',
      )
    const set = (value: unknown) =>
      JSON.stringify({ data: { type: 'custom_field', attributes: { api_slug: 'invoice_value', value } } })
    const made = await second(fields, { method: 'POST', body: set(4321) })
    expect(made.status).toBe(201)
    expect((await upstreamValue())?.attributes.value).toBe(4321)
    expect(((await second(fields)).body.data as Resource[]).map((f) => f.attributes.value)).toContain(4321)
    // the upstream's own refusal, word for word and with its pointer
    const theirs = await upstreamSecond(`${fields}/invoice_value`, {
      method: 'PATCH',
      body: set('not a number'),
    })
    expect(theirs.status).toBe(422)
    const refused = await second(`${fields}/invoice_value`, { method: 'PATCH', body: set('not a number') })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual(theirs.body.errors)
    expect(refused.body.errors?.[0].source?.pointer).toBeTruthy()
    const removed = await second(`${fields}/invoice_value`, { method: 'DELETE' })
    expect(removed.status).toBe(204)
    expect(await upstreamValue()).toBeUndefined()
    expect(((await second(fields)).body.data as Resource[]).map((f) => f.attributes.api_slug)).not.toContain(
      'invoice_value',
    )
  })

  it('replaces the key only with one the upstream takes, of the same upstream account', async () => {
    const patch = (apiKey: string) =>
      admin(`/upstream_connections/${connectionId}`, {
        method: 'PATCH',
        body: JSON.stringify({
          data: { id: connectionId, type: 'upstream_connection', attributes: { api_key: apiKey } },
        }),
      })
    const refused = await patch('a-rotated-key-nobody-issued')
    expect(refused.status).toBe(422)
    expect(refused.body.errors?.[0].detail).toMatch(/refused the API key/)
    // a key the upstream takes, but of its first demo account: the mirror holds the second's shipments
    const another = await patch(`${KEY}${DEMO_READ_ONLY_KEY_SUFFIX}`)
    expect(another.status).toBe(422)
    expect(another.body.errors?.[0]).toMatchObject({
      code: 'upstream_account_changed',
      source: { pointer: '/data/attributes/api_key' },
    })
    expect(another.body.errors?.[0].detail).toMatch(/^This key belongs to another upstream account/)
    expect((await second('/account')).status).toBe(200)
    const replaced = await patch(SECOND_KEY)
    expect(replaced.status).toBe(200)
    expect(replaced.text).not.toContain(SECOND_KEY)
    expect((await second('/account')).status).toBe(200)
  })

  it('resumes the connected account after a restart', { timeout: 180_000 }, async () => {
    await stopLast()
    const restartedAt = Date.now()
    await start()
    // a party made at the upstream after the restart reaches the mirror by webhook or reconcile
    const party = await upstreamSecond('/parties', {
      method: 'POST',
      body: JSON.stringify({
        data: { type: 'party', attributes: { company_name: `After restart ${restartedAt}` } },
      }),
    })
    const partyId = (party.body.data as Resource).id
    await until(
      'the resumed connection to mirror a new party',
      async () => ((await second(`/parties/${partyId}`)).status === 200 ? true : undefined),
      120_000,
    )
    const reconciled = await until(
      'a reconcile pass after the restart',
      async () => {
        const shown = (await admin(`/upstream_connections/${connectionId}`)).body.data as Resource
        const at = Date.parse(String(shown.attributes.last_reconciled_at))
        return at > restartedAt ? at : undefined
      },
      120_000,
    )
    expect(reconciled).toBeGreaterThan(restartedAt)
  })

  it('refuses to connect without SECRET_KEY, and says why the kept connection is not mirrored', {
    timeout: 180_000,
  }, async () => {
    await stopLast()
    await start({ SECRET_KEY: '' })
    const refused = await admin('/upstream_connections', {
      method: 'POST',
      body: connectBody(`${KEY}-another`, upstreamUrl),
    })
    expect(refused.status).toBe(503)
    expect(refused.body.errors?.[0]).toMatchObject({ code: 'secret_key_missing' })
    expect(refused.body.errors?.[0].detail).toMatch(/needs SECRET_KEY/)
    const shown = (await admin(`/upstream_connections/${connectionId}`)).body.data as Resource
    expect(shown.attributes).toMatchObject({ status: 'unauthorised', api_key_last4: null })
    expect(String(shown.attributes.detail)).toMatch(/SECRET_KEY/)
  })

  it('disconnects: mirroring stops, the key no longer signs in, the upstream webhook is removed', {
    timeout: 120_000,
  }, async () => {
    await stopLast()
    await start()
    const hooksBefore = ((await upstreamSecond('/webhooks')).body.data as Resource[]).length
    expect(hooksBefore).toBeGreaterThan(0)
    const gone = await admin(`/upstream_connections/${connectionId}`, { method: 'DELETE' })
    expect(gone.status).toBe(204)
    expect((await admin('/upstream_connections')).body.data).toEqual([])
    expect((await second('/account')).status).toBe(401)
    expect(((await upstreamSecond('/webhooks')).body.data as Resource[]).length).toBe(hooksBefore - 1)
    // the configured account's own connection is untouched
    expect((await admin('/account')).body.meta?.upstream).toBeTruthy()
  })
})
