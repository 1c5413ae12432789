import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { alertRows } from '../support/alert-rows'
import { processDatabase } from '../support/process-database'
import { freePort, startProcess, until } from '../support/server-process'
import { startSmtpSink } from '../support/smtp-sink'

const KEY = 'alert-crash-key-000000'
const LONG_AGO = new Date('2000-01-01T00:00:00Z')

// PGlite's data directory belongs to the one process that opened it, so the test cannot arrange rows
// beside a running server there: the crash is tested on PostgreSQL, where several processes share one database
describe('alert digests survive a crash on postgres', () => {
  const running: ChildProcess[] = []
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL')
  })

  it('SIGKILL during a digest send: after the restart every alert is delivered, none twice but as the same message', {
    timeout: 300_000,
  }, async () => {
    let holding = true
    const sink = await startSmtpSink(() => (holding ? 'hold' : 'accept'))
    const database = await processDatabase('postgres', 'quayside-alert-crash-')
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL })
    const env = {
      ...database.env,
      PORT: String(await freePort()),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: '20',
      OUTBOUND_SMTP_URL: sink.url,
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    }
    const first = await startProcess(env)
    running.push(first.child)
    await client.connect()
    const rows = alertRows(async (text, params) => (await client.query(text, params)).rows)
    const accountId = await rows.busiestAccount()
    const containers = await rows.containers(accountId, 15)
    const expected = new Map<string, Set<string>>()
    const fire = async (ruleId: string, from: number, to: number, recipients: string[]) => {
      for (const container of containers.slice(from, to)) {
        const alertId = await rows.alert(accountId, ruleId, container, {
          title: 'Discharged: available for pickup',
          firedAt: LONG_AGO,
        })
        for (const recipient of recipients) {
          await rows.delivery(accountId, alertId, ruleId, { recipient, mode: 'digest', dueAt: LONG_AGO })
          expected.set(recipient, (expected.get(recipient) ?? new Set()).add(container.number))
        }
      }
    }
    const [a, b, late] = ['a', 'b', 'late'].map(
      (name) => `${name}-${randomBytes(3).toString('hex')}@example.com`,
    )
    // one digest each for a and b, a's with two rules; the SMTP server holds its answer, so they are mid-send
    await fire(await rows.rule(accountId, 'Crash digest one'), 0, 10, [a, b])
    await fire(await rows.rule(accountId, 'Crash digest two'), 10, 13, [a])
    await until(
      'a digest mid-send',
      async () => (sink.held() >= 2 ? true : undefined),
      60_000,
      () => first.output().slice(-300),
    )
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    const heldAtCrash = sink.messages.length
    holding = false
    sink.release()
    // written while no process runs: the outbox keeps it
    await fire(await rows.rule(accountId, 'After the crash'), 13, 15, [late, a])

    const second = await startProcess(env)
    running.push(second.child)
    let progress = ''
    await until(
      'every delivery sent',
      async () => {
        const { rows: left } = await client.query(
          "select count(*)::int as n from alert_deliveries where status <> 'sent'",
        )
        progress = `${left[0].n} not sent; ${sink.messages.length} messages received`
        return left[0].n === 0 ? true : undefined
      },
      150_000,
      () => progress,
    )
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))

    expect(heldAtCrash).toBeGreaterThanOrEqual(2)
    for (const [recipient, numbers] of expected) {
      const received = sink.messages.filter((m) => m.to.includes(recipient))
      for (const number of numbers) {
        const ids = new Set(
          received.filter((m) => m.parsed.text?.includes(number)).map((m) => m.headers.get('message-id')),
        )
        // delivered, and never in two different messages: a resend is the same message, with the same id
        expect(ids.size, `${recipient} ${number}`).toBe(1)
      }
    }
    const messageIds = sink.messages.map((m) => m.headers.get('message-id'))
    const resent = messageIds.filter((id, i) => messageIds.indexOf(id) !== i)
    expect(
      resent.length,
      'a digest in flight at the crash is sent again as the same message',
    ).toBeGreaterThan(0)
    const { rows: batches } = await client.query(
      'select distinct batch_id::text as id from alert_deliveries where recipient = any($1)',
      [[a, b, late]],
    )
    expect(new Set(messageIds)).toEqual(new Set(batches.map((row) => `<${row.id}@quayside.local>`)))
    await client.end()
    await sink.stop()
    await database.drop()
  })
})
