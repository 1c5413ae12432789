import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../contract/document'
import { renderError } from './errors'
import { problem } from './problem'

/** Shaped like drizzle's DrizzleQueryError around a driver error, as both pg and PGlite raise them. */
const wrapped = (cause: Record<string, unknown>) =>
  Object.assign(new Error('Failed query: insert into …'), { cause: Object.assign(new Error('db'), cause) })

const answer = async (error: unknown) => {
  const logged: unknown[] = []
  const app = new Hono()
    .get('/', () => {
      throw error
    })
    .onError((failure, c) => renderError(failure, c, (e) => logged.push(e)))
  const response = await app.request('/')
  return { status: response.status, body: ErrorDocumentSchema.parse(await response.json()), logged }
}

describe('renderError', () => {
  it('answers a unique violation with 422 duplicate, pointing at the attribute its index protects', async () => {
    const { status, body, logged } = await answer(
      wrapped({
        code: '23505',
        constraint: 'custom_field_definitions_slug',
        detail: 'Key (…)=(secret) exists',
      }),
    )
    expect(status).toBe(422)
    expect(body.errors[0]).toMatchObject({
      status: '422',
      code: 'duplicate',
      source: { pointer: '/data/attributes/api_slug' },
    })
    expect(JSON.stringify(body)).not.toContain('secret')
    expect(logged).toEqual([])
  })

  it('answers a second person with a sign-in email 409 email_taken, in words', async () => {
    const { status, body } = await answer(wrapped({ code: '23505', constraint: 'users_sign_in_email' }))
    expect(status).toBe(409)
    expect(body.errors[0]).toMatchObject({
      code: 'email_taken',
      detail: 'Someone with this email address can already sign in',
      source: { pointer: '/data/attributes/email' },
    })
  })

  it('answers a 501 the service chose with its own words and logs nothing', async () => {
    const { status, body, logged } = await answer(
      problem(501, { detail: 'Not built yet', code: 'not_available', title: 'Not Implemented' }),
    )
    expect(status).toBe(501)
    expect(body.errors[0]).toMatchObject({ status: '501', detail: 'Not built yet', code: 'not_available' })
    expect(logged).toEqual([])
  })

  it('points a unique violation of an index it does not know at the resource', async () => {
    const { status, body } = await answer(wrapped({ code: '23505', constraint: 'something_new' }))
    expect(status).toBe(422)
    expect(body.errors[0].source).toEqual({ pointer: '/data' })
  })

  it('keeps other database failures a logged 500 that echoes nothing', async () => {
    const { status, body, logged } = await answer(
      wrapped({ code: '57P01', detail: 'terminating connection' }),
    )
    expect(status).toBe(500)
    expect(body.errors[0].code).toBe('internal')
    expect(JSON.stringify(body)).not.toContain('terminating')
    expect(logged).toHaveLength(1)
  })
  it('answers a write that found no space with 507, logging the cause without the query parameters', async () => {
    const disk = wrapped({
      code: '53100',
      message: 'could not extend file "base/5/1": No space left on device',
    })
    Object.assign(disk, { params: ['a customer name'.repeat(1000)] })
    const file = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    // a connection opened while the disk is full: the pool's error, with no code that says so
    const connecting = wrapped({ code: 'XX000', message: 'could not write init file', severity: 'FATAL' })
    for (const failure of [disk, file, connecting]) {
      const { status, body, logged } = await answer(failure)
      expect(status).toBe(507)
      expect(body.errors[0]).toMatchObject({
        status: '507',
        title: 'Insufficient Storage',
        code: 'insufficient_storage',
      })
      expect(logged).toHaveLength(1)
      expect(String(logged[0])).toMatch(/^No space left to write: .*(extend file|no space left|init file)/)
      expect(String(logged[0])).not.toContain('a customer name')
    }
  })

  it('logs a failed query without its parameters (key hashes, token prefixes, password hashes)', async () => {
    const failed = Object.assign(
      new Error(
        'Failed query: insert into api_keys values ($1, $2)\nparams: 5e3cbd-the-key-hash,qsk_AbCdEfGh',
      ),
      {
        params: ['5e3cbd-the-key-hash', 'qsk_AbCdEfGh'],
        cause: new Error('date/time field value out of range'),
      },
    )
    const { status, logged } = await answer(failed)
    expect(status).toBe(500)
    const text = logged.map((e) => `${(e as Error).message}\n${(e as Error).stack}`).join('\n')
    expect(text).toContain('params: [redacted]')
    expect(text).toContain('Failed query: insert into api_keys')
    expect(text).not.toContain('the-key-hash')
    expect(text).not.toContain('qsk_AbCdEfGh')
    expect(((logged[0] as Error).cause as Error).message).toBe('date/time field value out of range')
  })
})
