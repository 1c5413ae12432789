import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds'
import { DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { freePort, startProcess, until as waitUntil } from '../support/server-process'
import { startReceiver } from '../support/webhook-receiver'

const KEY = 'crash-test-key-0000000'

let progress = ''
const until = <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000) =>
  waitUntil(what, check, timeoutMs, () => progress)

async function databaseFor(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'quayside-crash-'))
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const server = inject('postgresUrl')
  const name = `crash_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  const dir = mkdtempSync(join(tmpdir(), 'quayside-crash-'))
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true })
      const cleanup = new pg.Client({ connectionString: server })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

describe.each(DATABASE_KINDS)('webhook notifications survive a crash on %s', (kind) => {
  const running: ChildProcess[] = []
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL')
  })

  it('delivers every notification, in flight or not yet sent when the process is killed, with its original id', {
    // 115 s once in a CI run on a loaded machine
    timeout: 480_000,
  }, async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 500 }))
    const database = await databaseFor(kind)
    const port = await freePort()
    const env = {
      ...database.env,
      PORT: String(port),
      DEMO_API_KEY: KEY,
      // the backlog at the crash is made by the test's own tracking requests, so a small demo does
      DEMO_SHIPMENTS: '20',
      CLOCK_SPEED: '7200',
      WEBHOOK_ALLOWLIST: '127.0.0.0/8',
      WEBHOOK_TIMEOUT_SECONDS: '10',
      RATE_LIMIT_PER_MINUTE: '100000',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    }
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}/v2${path}`, {
        ...init,
        headers: {
          Authorization: `Token ${KEY}`,
          'Content-Type': 'application/vnd.api+json',
          ...init.headers,
        },
      })
    let webhookId = ''
    type Notification = { id: string; attributes: { delivery_status: string } }
    // polled across a kill and a restart: a keep-alive socket the dead process left can be reset, and a
    // GET met by a reset is asked again, not taken for an answer
    const notifications = async (status?: string) => {
      const all: Notification[] = []
      const filter = `filter[webhook_id]=${webhookId}${status ? `&filter[status]=${status}` : ''}`
      for (let page = 1; ; page++) {
        const response = await api(`/webhook_notifications?${filter}&page[size]=100&page[number]=${page}`)
        const body = await response.json()
        if (response.status !== 200) throw new Error(`Notifications answered ${response.status}`)
        all.push(...body.data)
        if (body.data.length < 100) return all
      }
    }
    let pollFailure = ''
    const polled = async (status?: string) => {
      try {
        const all = await notifications(status)
        pollFailure = ''
        return all
      } catch (error) {
        const cause = (error as Error & { cause?: { code?: string } }).cause
        pollFailure = `; the last poll failed: ${cause?.code ?? (error as Error).message}`
        return undefined
      }
    }

    const first = await startProcess(env)
    running.push(first.child)
    const created = await api('/webhooks', {
      method: 'POST',
      body: JSON.stringify({
        data: { type: 'webhook', attributes: { url: receiver.url(), events: [...WEBHOOK_EVENT_KINDS] } },
      }),
    })
    expect(created.status).toBe(201)
    webhookId = (await created.json()).data.id
    await until('deliveries under way', async () => {
      progress = `${receiver.received.length} received`
      return receiver.received.length >= 5 ? true : undefined
    })
    // from here the receiver answers nothing, so the process keeps at most 8 deliveries a webhook in flight
    // and sends another only as one times out (10 s); tracking requests of the test's own then make at least
    // 24 notifications at once, so the kill, right after a look that finds 12 waiting unsent, lands with
    // some still waiting however loaded the machine and however slowly the engine makes its own (a shorter
    // time-out would burn the held ones' 12 retries before the kill)
    receiver.hold()
    const numbers = `MAEU-CRASH-${randomBytes(4).toString('hex').toUpperCase()}-`
    // a reset connection may or may not have carried the request: one sent again finds it made (422)
    const track = async (number: string) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await api('/tracking_requests', {
          method: 'POST',
          body: JSON.stringify({
            data: {
              type: 'tracking_request',
              attributes: { request_type: 'bill_of_lading', request_number: number, scac: 'MAEU' },
            },
          }),
        }).catch(() => undefined)
        if (response?.status === 201 || (attempt > 0 && response?.status === 422)) return
        if (response) throw new Error(`A tracking request answered ${response.status}`)
      }
      throw new Error(`Could not request ${number}`)
    }
    await Promise.all(Array.from({ length: 24 }, (_, n) => track(`${numbers}${n}`)))
    const waitingAtCrash = await until('a backlog of deliveries waiting', async () => {
      const sent = new Set(receiver.received.map((r) => r.json.data.id))
      const waiting = (await polled('pending'))?.map((n) => n.id)
      const unsent = waiting?.filter((id) => !sent.has(id)) ?? []
      progress = `${unsent.length} waiting unsent, ${receiver.unanswered()} in flight${pollFailure}`
      return unsent.length >= 12 && receiver.unanswered() > 0 ? waiting : undefined
    })
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    // requests the dead process had already written are still in the receiver's socket buffers
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const receivedBeforeCrash = new Set(receiver.received.map((r) => r.json.data.id))
    receiver.release()

    // the restarted process keeps the fast clock: retries the held deliveries earned were scheduled on it
    // (15 s, 30 s, 60 s … of service time), and at CLOCK_SPEED 1 a delivery held through five time-outs on
    // a loaded machine waited minutes for its turn; what must arrive is what existed at the restart
    const second = await startProcess(env)
    running.push(second.child)
    const atRestart = new Set((await until('the notifications after the restart', polled)).map((n) => n.id))
    const stored = await until(
      'every notification to be delivered',
      async () => {
        const all = (await polled())?.filter((n) => atRestart.has(n.id))
        if (!all) return undefined
        const waiting = all.filter((n) => n.attributes.delivery_status !== 'succeeded').length
        progress = `${waiting} of ${all.length} not yet delivered; ${receiver.received.length} received${pollFailure}`
        return all.length === atRestart.size && waiting === 0 ? all : undefined
      },
      120_000,
    )
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))

    const received = receiver.received.map((r) => r.json.data.id)
    const receivedIds = new Set(received)
    expect(stored.filter((n) => !receivedIds.has(n.id))).toEqual([])
    const redelivered = received.filter((id, index) => received.indexOf(id) !== index)
    expect(redelivered.length, 'a delivery in flight at the crash is sent again with its id').toBeGreaterThan(
      0,
    )
    const neverSentBeforeCrash = waitingAtCrash.filter((id) => !receivedBeforeCrash.has(id))
    expect(neverSentBeforeCrash.length, 'some were still waiting in the outbox at the crash').toBeGreaterThan(
      0,
    )
    expect(neverSentBeforeCrash.filter((id) => !receivedIds.has(id))).toEqual([])
    await receiver.stop()
    await database.drop()
  })
})
