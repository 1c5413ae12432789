import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmailSubmissionListDocumentSchema } from '../../src/contract/email-submissions'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

/** The statement of migration 0032 that fills the kept counts from the emails stored before it. */
const FILL = readFileSync(
  join(import.meta.dirname, '../../src/server/storage/migrations/0032_kept_counts.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .find((statement) => statement.startsWith('INSERT INTO "inbox_counts"'))!

type Rows = { rows: Record<string, unknown>[] }
const HOUR = 3_600_000
const READINGS = [undefined, 'failed', 'reading', 'done', 'no_documents'] as const
const STATUSES = ['pending', 'running', 'done', 'failed', null]

describe.each(DATABASE_KINDS)('the inbox’s kept counts on %s', (kind) => {
  let service: Service
  let accounts: string[]
  const random = seededRandom('inbox-counts')
  const run = async (query: ReturnType<typeof sql>) =>
    ((await service.storage.db.execute(query)) as unknown as Rows).rows

  /** The kept totals and a full count of every email agree, for every account and reading state. */
  const expectExact = async (when: string) => {
    for (const accountId of accounts)
      for (const reading of READINGS) {
        const kept = await service.storage.documents.keptSubmissions(accountId, reading)
        const counted = await service.storage.documents.countedSubmissions(accountId, reading)
        expect(kept, `${when}, ${reading ?? 'all'}`).toBe(counted)
      }
  }

  const addEmails = (accountId: string, count: number) =>
    run(sql`insert into email_submissions (account_id, subject, "from", "to")
      select ${accountId}, 'Arrival notice ' || g, '["line@example.com"]'::jsonb, '["in@example.com"]'::jsonb
      from generate_series(1, ${count}) g`)
  const addDocuments = (count: number) =>
    run(sql`insert into documents (account_id, email_submission_id, name, source, file_name,
        file_content_type, file_size_bytes, extraction_status, discarded)
      select account_id, id, 'notice.pdf', 'email', 'notice.pdf', 'application/pdf', 100,
        (array['pending', 'running', 'done', 'failed', null])[1 + floor(random() * 5)::int], random() < 0.1
      from (select * from email_submissions order by random() limit ${count}) e`)

  /** Changes, adds and deletes emails and documents at random, a few rows a statement. */
  async function shuffle(rounds: number) {
    for (let round = 0; round < rounds; round++) {
      const ids = ((await run(sql`select id from documents order by id`)) as { id: string }[]).map(
        (r) => r.id,
      )
      const chosen = sql.join(
        Array.from({ length: random.int(1, 4) }, () => sql`${random.pick(ids)}::uuid`),
        sql`, `,
      )
      const action = random.int(0, 5)
      if (action <= 2)
        await run(sql`update documents set extraction_status = ${random.pick(STATUSES)},
          discarded = ${random.chance(0.15)} where id in (${chosen})`)
      else if (action === 3) await addDocuments(random.int(1, 3))
      else if (action === 4) await run(sql`delete from documents where id in (${chosen})`)
      else if (random.chance(0.5)) await addEmails(random.pick(accounts), random.int(1, 3))
      else
        await run(
          sql`delete from email_submissions where id in (select id from email_submissions order by random() limit 2)`,
        )
      // a document moved to another email changes both
      if (random.chance(0.2))
        await run(sql`update documents set email_submission_id = (select id from email_submissions e
          where e.account_id = documents.account_id order by random() limit 1) where id in (${chosen})`)
    }
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 10 })
    accounts = ((await run(sql`select id from accounts order by id`)) as { id: string }[]).map((r) => r.id)
    for (const accountId of accounts.slice(0, 2)) await addEmails(accountId, 40)
    await addDocuments(60)
  })
  afterAll(() => service?.stop())

  it('equals a full count as loaded, and over HTTP', async () => {
    await expectExact('as loaded')
    const account = (await service.get('/v2/account')).body as { data: { id: string } }
    for (const reading of READINGS) {
      const filter = reading ? `&filter[reading]=${reading}` : ''
      const { body } = await service.call('GET', `/v2/email_submissions?page[size]=1${filter}`, {
        headers: { 'Cache-Control': 'no-cache' },
      })
      const total = parsed(EmailSubmissionListDocumentSchema, body).meta?.total
      expect(total, reading).toBe(
        await service.storage.documents.countedSubmissions(account.data.id, reading),
      )
    }
  })

  it('stays exact after random changes, merged or not, as time passes', async () => {
    for (let step = 0; step < 10; step++) {
      await shuffle(6)
      await expectExact(`after changes, step ${step}`)
      service.advance(5 * HOUR)
      if (step % 3 === 2) {
        await service.storage.documents.mergeInboxCounts()
        await expectExact(`merged, step ${step}`)
      }
    }
  })

  it('fills the counts of emails stored before the counts were kept (migration 0032)', async () => {
    await run(sql`delete from inbox_counts`)
    await run(sql.raw(FILL))
    await expectExact('filled')
  })
})
