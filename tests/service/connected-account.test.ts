import type { ChildProcess } from 'node:child_process'
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { processDatabase } from '../support/process-database'
import { freePort, startProcess, startSimulatorUpstream, until } from '../support/server-process'

const KEY = `upstream-key-${randomBytes(6).toString('hex')}`
const NO_DASHBOARD = join(tmpdir(), 'no-dashboard-here')

type Resource = {
  id: string
  type: string
  attributes: Record<string, unknown>
  relationships?: Record<string, { data: unknown }>
}
type Doc = { data: Resource | Resource[]; included?: Resource[]; meta?: Record<string, unknown> }

const databaseFor = (kind: DatabaseKind) => processDatabase(kind, 'quayside-connected-')

const api =
  (port: number) =>
  async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
      ...init,
      headers: {
        Authorization: `Token ${KEY}`,
        'Content-Type': 'application/vnd.api+json',
        'Cache-Control': 'no-cache',
        ...init.headers,
      },
    })
    return {
      status: response.status,
      body: (await response.json().catch(() => ({}))) as Doc & { errors?: { detail: string }[] },
    }
  }

/** Every shipment id of the account, page by page. */
async function shipmentIds(call: ReturnType<typeof api>) {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const { body } = await call(`/shipments?page[size]=100&page[number]=${page}`)
    const data = body.data as Resource[]
    ids.push(...data.map((s) => s.id))
    if (data.length < 100) return ids
  }
}

type ProxyMode = 'pass' | '429' | '503'

/** A loopback proxy in front of the upstream that can be made to answer 429 or 503 instead. */
async function switchableProxy(target: number) {
  let mode: ProxyMode = 'pass'
  let refused = 0
  const server = createServer((request, response) => {
    if (mode !== 'pass') {
      refused++
      response.writeHead(Number(mode), { 'Content-Type': 'application/vnd.api+json', 'Retry-After': '1' })
      response.end(JSON.stringify({ errors: [{ status: mode, title: 'Not now' }] }))
      return
    }
    const onward = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    onward.on('error', () => response.destroy())
    request.pipe(onward)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port,
    set: (next: ProxyMode) => {
      mode = next
    },
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join()

describe.each(DATABASE_KINDS)('a connected account on %s mirrors a Quayside upstream', (kind) => {
  const running: ChildProcess[] = []
  const dropped: (() => Promise<void>)[] = []
  let upstream: ReturnType<typeof api>
  let connected: ReturnType<typeof api>
  let connectedPort = 0
  let connectedEnv: Record<string, string> = {}
  let proxy: Awaited<ReturnType<typeof switchableProxy>>

  let connectedOutput = () => ''
  const startConnected = async () => {
    const started = await startProcess(connectedEnv)
    running.push(started.child)
    connectedOutput = () => started.output().slice(-1500)
    return started
  }

  beforeAll(async () => {
    const up = await startSimulatorUpstream(KEY, 40)
    dropped.push(up.drop)
    running.push(up.child)
    const upstreamPort = up.port
    upstream = api(upstreamPort)
    proxy = await switchableProxy(upstreamPort)
    dropped.push(async () => void (await proxy.close()))
    const database = await databaseFor(kind)
    dropped.push(database.drop)
    connectedPort = await freePort()
    connected = api(connectedPort)
    connectedEnv = {
      ...database.env,
      PORT: String(connectedPort),
      UPSTREAM_URL: `http://127.0.0.1:${proxy.port}/v2`,
      UPSTREAM_API_KEY: KEY,
      // small pages, paced: the first pass takes long enough to be killed in the middle of
      UPSTREAM_PAGE_SIZE: '2',
      UPSTREAM_REQUESTS_PER_MINUTE: '600',
      UPSTREAM_RECONCILE_SECONDS: '2',
      // the test polls both sides far more often than a person would
      RATE_LIMIT_PER_MINUTE: '100000',
      STATIC_ROOT: NO_DASHBOARD,
    }
  })

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL')
    for (const drop of dropped) await drop()
  })

  it('has every upstream shipment exactly once after a SIGKILL in the middle of the first sync', {
    timeout: 240_000,
  }, async () => {
    const first = await startConnected()
    const partial = await until('part of the first sync', async () => {
      const { body } = await connected('/shipments?page[size]=1')
      const total = (body.meta?.total as number) ?? 0
      return total >= 6 ? total : undefined
    })
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    const upstreamTotal = ((await upstream('/shipments?page[size]=1')).body.meta?.total as number) ?? 0
    expect(partial).toBeLessThan(upstreamTotal)
    await startConnected()
    const settled = await until(
      'the mirror to hold every upstream shipment',
      async () => {
        const [mine, theirs] = await Promise.all([shipmentIds(connected), shipmentIds(upstream)])
        return sameSet(mine, theirs) ? mine : undefined
      },
      180_000,
    )
    expect(new Set(settled).size).toBe(settled.length)
    const { body } = await connected('/account')
    const meta = body.meta?.upstream as {
      status: string
      last_heard_at: string | null
      webhook_registered: boolean
    }
    expect(meta.status).toBe('ok')
    expect(meta.last_heard_at).not.toBeNull()
    expect(meta.webhook_registered).toBe(true)
  })

  it('counts the board tabs as the upstream does once settled', { timeout: 120_000 }, async () => {
    const counts = (call: ReturnType<typeof api>) =>
      call('/containers?page[size]=1&counts=tabs').then(({ body }) => JSON.stringify(body.meta?.tab_counts))
    const both = await until('equal board counts', async () => {
      const [mine, theirs] = await Promise.all([counts(connected), counts(upstream)])
      return mine === theirs ? mine : undefined
    })
    expect(JSON.parse(both).done).toBeGreaterThan(0)
  })

  it('mirrors custom field definitions and values under their upstream ids', {
    timeout: 120_000,
  }, async () => {
    // every page: two lists in the same order can still tie on created_at and page the ties differently
    const ids = async (call: ReturnType<typeof api>, list: string) => {
      const all: string[] = []
      for (let page = 1; ; page++) {
        const data = (await call(`/${list}?page[size]=100&page[number]=${page}`)).body.data as Resource[]
        all.push(...data.map((r) => r.id))
        if (data.length < 100) return all
      }
    }
    const definitions = await ids(upstream, 'custom_field_definitions')
    expect(definitions.length).toBeGreaterThan(0)
    await until(
      'the custom fields to be mirrored',
      async () => {
        const [mine, theirs] = await Promise.all([
          ids(connected, 'custom_fields'),
          ids(upstream, 'custom_fields'),
        ])
        return theirs.length > 0 && sameSet(mine, theirs) ? true : undefined
      },
      90_000,
      () => connectedOutput(),
    )
    expect(sameSet(await ids(connected, 'custom_field_definitions'), definitions)).toBe(true)
  })

  it('makes a tracking request at the upstream, and passes on its refusal in its own words', {
    timeout: 60_000,
  }, async () => {
    const request = {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: `MAEU${Date.now()}`, scac: 'MAEU' },
      },
    }
    const made = await connected('/tracking_requests', { method: 'POST', body: JSON.stringify(request) })
    expect(made.status).toBe(201)
    const id = (made.body.data as Resource).id
    const there = await upstream(`/tracking_requests/${id}`)
    expect(there.status).toBe(200)
    expect((there.body.data as Resource).attributes.request_number).toBe(
      request.data.attributes.request_number,
    )
    const again = await connected('/tracking_requests', { method: 'POST', body: JSON.stringify(request) })
    expect(again.status).toBe(422)
    expect(again.body.errors?.[0].detail).toBe(
      `${request.data.attributes.request_number} is already being tracked with MAEU`,
    )
  })

  it("changes a shipment's tags and makes a party at the upstream first", { timeout: 60_000 }, async () => {
    const shipment = ((await connected('/shipments?page[size]=1')).body.data as Resource[])[0]
    const tags = [`mirror-${Date.now()}`]
    const patch = { data: { id: shipment.id, type: 'shipment', attributes: { tags } } }
    const changed = await connected(`/shipments/${shipment.id}`, {
      method: 'PATCH',
      body: JSON.stringify(patch),
    })
    expect(changed.status).toBe(200)
    expect((changed.body.data as Resource).attributes.tags).toEqual(tags)
    expect(((await upstream(`/shipments/${shipment.id}`)).body.data as Resource).attributes.tags).toEqual(
      tags,
    )
    const party = { data: { type: 'party', attributes: { company_name: `Mirror Test ${Date.now()}` } } }
    const made = await connected('/parties', { method: 'POST', body: JSON.stringify(party) })
    expect(made.status).toBe(201)
    const id = (made.body.data as Resource).id
    expect(((await upstream(`/parties/${id}`)).body.data as Resource).attributes.company_name).toBe(
      party.data.attributes.company_name,
    )
    const refused = await connected('/parties', {
      method: 'POST',
      body: JSON.stringify({ data: { type: 'party', attributes: {} } }),
    })
    expect(refused.status).toBe(422)
    expect(((await connected(`/parties/${id}`)).body.data as Resource).id).toBe(id)
  })

  describe('webhook deliveries', () => {
    let secret = ''
    let receiver = ''
    let shipment: Resource
    const deliver = (body: string, signature = createHmac('sha256', secret).update(body).digest('hex')) =>
      fetch(receiver, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-T49-Webhook-Signature': signature },
        body,
      })
    const notification = (createdAt: Date, vesselName: string, id = randomUUID()) =>
      JSON.stringify({
        data: {
          id,
          type: 'webhook_notification',
          attributes: {
            event: 'shipment.estimated.arrival',
            delivery_status: 'pending',
            created_at: createdAt.toISOString(),
          },
        },
        included: [{ ...shipment, attributes: { ...shipment.attributes, pod_vessel_name: vesselName } }],
      })
    const vesselNow = async () =>
      ((await connected(`/shipments/${shipment.id}`)).body.data as Resource).attributes.pod_vessel_name

    beforeAll(async () => {
      const hooks = (await upstream('/webhooks')).body.data as Resource[]
      const hook = hooks.find((w) => String(w.attributes.url).includes('/upstream/webhooks/'))
      if (!hook) throw new Error('The connected account registered no webhook upstream')
      secret = String(hook.attributes.secret)
      receiver = String(hook.attributes.url)
      shipment = ((await connected('/shipments?page[size]=1')).body.data as Resource[])[0]
    })

    it('applies a newer notification, and ignores one older than what the mirror holds', async () => {
      const newer = await deliver(notification(new Date(Date.now() + 60_000), 'NEWER VESSEL'))
      expect(newer.status).toBe(200)
      expect(await vesselNow()).toBe('NEWER VESSEL')
      const older = await deliver(notification(new Date(Date.now() - 3_600_000), 'OLDER VESSEL'))
      expect(older.status).toBe(200)
      expect(await vesselNow()).toBe('NEWER VESSEL')
    })

    it('applies a notification delivered twice only once', async () => {
      const id = randomUUID()
      const first = notification(new Date(Date.now() + 120_000), 'FIRST DELIVERY', id)
      expect((await deliver(first)).status).toBe(200)
      const replay = notification(new Date(Date.now() + 180_000), 'SECOND DELIVERY', id)
      expect((await deliver(replay)).status).toBe(204)
      expect(await vesselNow()).toBe('FIRST DELIVERY')
    })

    it('refuses a delivery whose signature does not match, and applies nothing of it', async () => {
      const forged = notification(new Date(Date.now() + 240_000), 'FORGED VESSEL')
      const refused = await deliver(
        forged,
        createHmac('sha256', 'not-the-secret').update(forged).digest('hex'),
      )
      expect(refused.status).toBe(401)
      expect((await deliver(forged, '')).status).toBe(401)
      expect(await vesselNow()).toBe('FIRST DELIVERY')
    })
  })

  it('rides out an upstream answering 429 and then 503, and catches up once it recovers', {
    timeout: 120_000,
  }, async () => {
    const status = async () =>
      (await connected('/account')).body.meta?.upstream as { status: string; last_heard_at: string }
    proxy.set('429')
    await until(
      'the connection to say it is rate-limited',
      async () => ((await status()).status === 'rate_limited' ? true : undefined),
      30_000,
    )
    proxy.set('503')
    await until(
      'the connection to say the upstream fails',
      async () => ((await status()).status === 'unreachable' ? true : undefined),
      30_000,
    )
    const request = { data: { type: 'party', attributes: { company_name: 'Made during the outage' } } }
    const refused = await connected('/parties', { method: 'POST', body: JSON.stringify(request) })
    expect(refused.status).toBe(503)
    expect(refused.body.errors?.[0].detail).toMatch(/answered 503.*nothing was saved/)
    // a change made at the upstream meanwhile, which no webhook announces: only the reconciler brings it
    const party = await upstream('/parties', {
      method: 'POST',
      body: JSON.stringify({ data: { type: 'party', attributes: { company_name: `Outage ${Date.now()}` } } }),
    })
    const partyId = (party.body.data as Resource).id
    const refusedBefore = proxy.refused()
    expect(refusedBefore).toBeGreaterThanOrEqual(2)
    proxy.set('pass')
    await until(
      'the mirror to catch up',
      async () => ((await connected(`/parties/${partyId}`)).status === 200 ? true : undefined),
      60_000,
    )
    expect((await status()).status).toBe('ok')
  })

  it('answers reads from the mirror and refuses writes in words when the upstream is gone', {
    timeout: 60_000,
  }, async () => {
    running[0].kill('SIGKILL')
    await new Promise((resolve) => running[0].once('exit', resolve))
    const list = await connected('/shipments?page[size]=5')
    expect(list.status).toBe(200)
    expect((list.body.data as Resource[]).length).toBe(5)
    const request = {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: 'MAEU999000111', scac: 'MAEU' },
      },
    }
    const refused = await connected('/tracking_requests', { method: 'POST', body: JSON.stringify(request) })
    expect(refused.status).toBe(503)
    expect(refused.body.errors?.[0].detail).toMatch(/could not be reached.*nothing was saved/)
    const stored = await connected('/tracking_requests?filter[request_number]=MAEU999000111')
    expect(stored.body.data).toEqual([])
    const account = await connected('/account')
    expect(account.body.meta?.upstream).toMatchObject({ status: 'unreachable' })
  })
})
