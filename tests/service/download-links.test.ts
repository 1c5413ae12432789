import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../src/server/clock'
import { createDownloadSigner } from '../../src/server/routes/document-downloads'
import type { Database } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { DATABASE_KINDS, openTestDatabase } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'

const ACCOUNT = '00000000-0000-4000-8000-0000000000aa'
const DOCUMENT = '00000000-0000-4000-8000-0000000000bb'
const clock: Clock = { now: () => new Date('2026-11-22T12:00:00Z') }

const signatureOf = (url: string) => new URL(url).searchParams.get('signature') ?? ''
const expiresOf = (url: string) => new URL(url).searchParams.get('expires') ?? ''

describe.each(DATABASE_KINDS)('download links on %s', (kind) => {
  let database: Database
  let other: Database
  beforeAll(async () => {
    ;[database, other] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)])
  })
  afterAll(async () => {
    await database?.close()
    await other?.close()
  })

  it('made by one process are honoured by another process on the same database', async () => {
    const storage = createStorage(database, clock, tempBlobStore())
    const [first, second] = [
      createDownloadSigner(clock, storage.secrets),
      createDownloadSigner(clock, storage.secrets),
    ]
    const { url } = await first.link('http://a', ACCOUNT, DOCUMENT)
    await expect(second.check(ACCOUNT, DOCUMENT, expiresOf(url), signatureOf(url))).resolves.toBeUndefined()
  })

  it('made for one deployment are refused by another deployment', async () => {
    const ours = createDownloadSigner(clock, createStorage(database, clock, tempBlobStore()).secrets)
    const theirs = createDownloadSigner(clock, createStorage(other, clock, tempBlobStore()).secrets)
    const { url } = await ours.link('http://a', ACCOUNT, DOCUMENT)
    await expect(theirs.check(ACCOUNT, DOCUMENT, expiresOf(url), signatureOf(url))).rejects.toMatchObject({
      status: 403,
    })
  })
})
