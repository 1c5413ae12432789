import { describe, expect, it } from 'vitest'
import { describeStartFailure } from './start-failure'

const setting = { dataDir: '/srv/quayside', port: 3000, host: '127.0.0.1', smtpPort: 2525 }
const nothingWrong = () => undefined
const failure = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields)

describe('describeStartFailure', () => {
  it('gives the cause under a failed query, never the query or its parameters', () => {
    const query = failure(
      `Failed query: insert into "shipments" values ($1)\nparams: ${'demo row,'.repeat(40_000)}`,
      {
        query: 'insert into "shipments" values ($1)',
        params: ['demo row'],
        cause: failure('could not extend file "base/5/16384": No space left on device', { code: '53100' }),
      },
    )
    expect(describeStartFailure(query, setting, nothingWrong)).toBe(
      'Cannot start: no space left on device in /srv/quayside (DATA_DIR). Free space or set DATA_DIR to another disk.',
    )
  })

  it('tells PostgreSQL running out of space from DATA_DIR doing so', () => {
    const line = describeStartFailure(
      failure('could not extend file', { code: '53100' }),
      { ...setting, databaseUrl: 'postgres://app:secret@db.internal:6543/tracking' },
      nothingWrong,
    )
    expect(line).toBe(
      'Cannot start: PostgreSQL at db.internal:6543/tracking (DATABASE_URL) has no space left on its disk. Free space on the database server.',
    )
  })

  it('names a refused password without printing it', () => {
    const line = describeStartFailure(
      failure('password authentication failed for user "app"', { code: '28P01' }),
      { ...setting, databaseUrl: 'postgres://app:secret@db.internal/tracking' },
      nothingWrong,
    )
    expect(line).toBe(
      'Cannot start: PostgreSQL at db.internal:5432/tracking refused the user and password in DATABASE_URL. Correct them in DATABASE_URL.',
    )
  })

  it('names SMTP_PORT when the mail port is the one taken', () => {
    const taken = failure('listen EADDRINUSE', { code: 'EADDRINUSE', port: 2525, address: '127.0.0.1' })
    expect(describeStartFailure(taken, setting, nothingWrong)).toBe(
      'Cannot start: port 2525 on 127.0.0.1 is already in use. Stop what listens there or set SMTP_PORT to a free port.',
    )
  })

  it('reads what DATA_DIR says when the database hides the cause', () => {
    const hidden = new Error('PGlite failed to initialize properly')
    expect(describeStartFailure(hidden, setting, () => ({ code: 'ENOSPC', free: 3 * 1024 * 1024 }))).toBe(
      'Cannot start: no space left on device in /srv/quayside (DATA_DIR), 3.0 MB free. Free space or set DATA_DIR to another disk.',
    )
    expect(describeStartFailure(hidden, setting, nothingWrong)).toBe(
      'Cannot start: PGlite failed to initialize properly',
    )
  })

  it('names a file outside DATA_DIR by its own error, not DATA_DIR', () => {
    const template = failure("EACCES: permission denied, open '/opt/quayside/cluster.tar.br'", {
      code: 'EACCES',
      path: '/opt/quayside/cluster.tar.br',
    })
    expect(describeStartFailure(template, setting, nothingWrong)).toBe(
      "Cannot start: EACCES: permission denied, open '/opt/quayside/cluster.tar.br'",
    )
  })
})
