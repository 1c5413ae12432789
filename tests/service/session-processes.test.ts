import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { freePort, startProcess, until } from '../support/server-process'

const KEY = 'session-process-key-000'

const envFor = (port: number, more: Record<string, string>) => ({
  PORT: String(port),
  DEMO_API_KEY: KEY,
  DEMO_SHIPMENTS: '5',
  STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
  ...more,
})

/** A browser at `port`: its session cookie, sent the way the dashboard sends it. */
const browserAt = (port: number) => {
  const base = `http://127.0.0.1:${port}`
  const headers = (cookie?: string) => ({
    'content-type': 'application/json',
    origin: base,
    ...(cookie ? { cookie } : {}),
  })
  return {
    async signIn(cookie?: string) {
      const response = await fetch(`${base}/session`, {
        method: 'POST',
        headers: headers(cookie),
        body: JSON.stringify({ apiKey: KEY }),
      })
      expect(response.status).toBe(200)
      const setCookie = response.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(/HttpOnly/)
      expect(setCookie).toMatch(/SameSite=(Strict|Lax)/)
      expect(setCookie).not.toMatch(/;\s*Secure/i)
      return setCookie.split(';')[0]
    },
    async demoVisit() {
      const response = await fetch(`${base}/session`, { headers: { origin: base } })
      return (response.headers.get('set-cookie') ?? '').split(';')[0]
    },
    /** The API through the cookie alone: 200 signed in, 401 not. */
    shipments: async (cookie: string) =>
      (await fetch(`${base}/v2/shipments?page[size]=1`, { headers: { cookie } })).status,
    signOut: async (cookie: string) =>
      (await fetch(`${base}/session`, { method: 'DELETE', headers: headers(cookie) })).status,
  }
}

describe('dashboard sessions across processes', () => {
  const running: ChildProcess[] = []
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL')
  })
  const start = async (env: Record<string, string>) => {
    const started = await startProcess(env)
    running.push(started.child)
    return started.child
  }
  const stop = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGKILL')
    })

  it('keeps a signed-in session through a crash and restart', { timeout: 300_000 }, async () => {
    const port = await freePort()
    const env = envFor(port, { DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-session-restart-')) })
    const browser = browserAt(port)
    const first = await start(env)
    const cookie = await browser.signIn()
    expect(await browser.shipments(cookie)).toBe(200)
    await stop(first)
    await start(env)
    expect(await browser.shipments(cookie)).toBe(200)
  })

  it('honours a session in a second process on the same PostgreSQL, and a sign-out in one in the other', {
    timeout: 300_000,
  }, async () => {
    const server = inject('postgresUrl')
    const name = `sessions_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    try {
      const ports = [await freePort(), await freePort()]
      for (const port of ports)
        await start(
          envFor(port, {
            DATABASE_URL: url.toString(),
            DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-session-two-')),
          }),
        )
      const [one, two] = ports.map(browserAt)
      // a session id planted before sign-in is not the one after, and opens nothing anywhere
      const planted = await one.demoVisit()
      expect(await two.shipments(planted)).toBe(200)
      const cookie = await one.signIn(planted)
      expect(cookie).not.toBe(planted)
      expect(await two.shipments(planted)).toBe(401)
      expect(await two.shipments(cookie)).toBe(200)
      expect(await two.signOut(cookie)).toBe(204)
      expect(await one.shipments(cookie)).toBe(401)
      const again = await two.signIn()
      await until("the second process to take the first one's session", async () =>
        (await one.shipments(again)) === 200 ? true : undefined,
      )
    } finally {
      for (const child of running.splice(0)) await stop(child)
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
