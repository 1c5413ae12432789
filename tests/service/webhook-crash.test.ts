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
    timeout: 240_000,
  }, async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 500 }))
    const database = await databaseFor(kind)
    const port = await freePort()
    const env = {
      ...database.env,
      PORT: String(port),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '60',
      CLOCK_SPEED: '7200',
      WEBHOOK_ALLOWLIST: '127.0.0.0/8',
      WEBHOOK_TIMEOUT_SECONDS: '2',
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
    type Notification = {
      id: string
      attributes: { delivery_status: string }
      relationships: { webhook: { data: { id: string } } }
    }
    const notifications = async () => {
      const all: Notification[] = []
      for (let page = 1; ; page++) {
        const body = await (await api(`/webhook_notifications?page[size]=100&page[number]=${page}`)).json()
        all.push(...body.data)
        if (body.data.length < 100) return all.filter((n) => n.relationships.webhook.data.id === webhookId)
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
    const waitingAtCrash = await until('a backlog of deliveries under way', async () => {
      const waiting = (await notifications()).filter((n) => n.attributes.delivery_status === 'pending')
      progress = `${waiting.length} waiting, ${receiver.received.length} received`
      const ready = receiver.received.length >= 20 && waiting.length >= 10 && receiver.unanswered() > 0
      return ready ? waiting.map((n) => n.id) : undefined
    })
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    // requests the dead process had already written are still in the receiver's socket buffers
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const receivedBeforeCrash = new Set(receiver.received.map((r) => r.json.data.id))

    const second = await startProcess({ ...env, CLOCK_SPEED: '1' })
    running.push(second.child)
    const stored = await until(
      'every notification to be delivered',
      async () => {
        const all = await notifications()
        const waiting = all.filter((n) => n.attributes.delivery_status !== 'succeeded').length
        progress = `${waiting} of ${all.length} not yet delivered; ${receiver.received.length} received`
        return all.length > 0 && waiting === 0 ? all : undefined
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
