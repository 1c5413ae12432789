import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { freePort, startProcess } from '../support/server-process'

const OWNER = 'boss@example.com'
const PASSWORD = 'the owner passphrase'

/** A browser at `port` with its own cookie, writing as the dashboard does. */
const browserAt = (port: number) => {
  const base = `http://127.0.0.1:${port}`
  let cookie = ''
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  return { send, shipments: async () => (await send('GET', '/v2/shipments?page[size]=1')).status }
}

describe('people across processes on one PostgreSQL', () => {
  const running: ChildProcess[] = []
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL')
  })

  it('invites OWNER_EMAIL once, and signs the person out everywhere, in both processes', {
    timeout: 300_000,
  }, async () => {
    const server = inject('postgresUrl')
    const name = `people_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    const envFor = (port: number) => ({
      PORT: String(port),
      DEMO_API_KEY: 'people-process-key-000',
      DEMO_SHIPMENTS: '5',
      OWNER_EMAIL: OWNER,
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-people-')),
    })
    try {
      const ports = [await freePort(), await freePort()]
      const first = await startProcess(envFor(ports[0]))
      running.push(first.child)
      const link = new RegExp(`Owner ${OWNER} invited.*: (\\S+)`).exec(first.output())?.[1]
      expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports[0]}/invite/`))
      const second = await startProcess(envFor(ports[1]))
      running.push(second.child)
      expect(second.output()).not.toContain('invited')

      const [one, two] = ports.map(browserAt)
      // the demo sign-in shows its person
      expect((await one.send('GET', '/session')).body).toMatchObject({
        demo: true,
        user: { name: 'Dana Reyes', role: 'owner' },
      })
      const token = link!.split('/').at(-1)
      const accepted = await browserAt(ports[0]).send('POST', `/session/invitations/${token}`, {
        first_name: 'Bo',
        password: PASSWORD,
      })
      expect(accepted).toMatchObject({ status: 200, body: { user: { email: OWNER, role: 'owner' } } })
      expect((await one.send('POST', '/session', { email: OWNER, password: PASSWORD })).status).toBe(200)
      expect((await two.send('POST', '/session', { email: OWNER, password: PASSWORD })).status).toBe(200)
      expect(await one.shipments()).toBe(200)
      expect(await two.shipments()).toBe(200)
      expect((await one.send('POST', '/session/sign-out-everywhere', {})).status).toBe(204)
      expect(await two.shipments()).toBe(401)
      // a demo visitor again, not the owner
      expect((await two.send('GET', '/session')).body.user?.email).not.toBe(OWNER)
    } finally {
      for (const child of running.splice(0)) child.kill('SIGKILL')
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
