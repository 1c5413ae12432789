import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentDocumentSchema } from '../../src/contract/documents'
import { EmailSubmissionDocumentSchema } from '../../src/contract/email-submissions'
import type { createExtractionWorker } from '../../src/server/documents/extraction-worker'
import { DATABASE_KINDS } from '../support/databases'
import { HOSTILE_DOCUMENTS } from '../support/hostile-documents'
import { composeMessage } from '../support/mail-fixtures'
import { parsed, type Service, startService } from './harness'

const hostile = (name: string) => HOSTILE_DOCUMENTS.find((d) => d.name === name)!

describe.each(DATABASE_KINDS)('documents past the reading limits on %s', (kind) => {
  let service: Service
  let worker: ReturnType<typeof createExtractionWorker>
  beforeAll(async () => {
    service = await startService(kind, { shipments: 5 })
    worker = service.extraction({ log: () => {}, reading: { timeoutMs: 3000 } })
  })
  afterAll(async () => {
    await worker?.stop()
    await service?.stop()
  })

  const attributesOf = async (id: string) =>
    parsed(DocumentDocumentSchema, (await service.get(`/v2/documents/${id}`)).body).data.attributes

  async function mail(name: string) {
    const document = hostile(name)
    const raw = await composeMessage({
      from: 'stranger@hostile.example',
      to: 'x@quayside.localhost',
      subject: `${name} ${Math.random()}`,
      attachments: [{ filename: document.fileName, content: Buffer.from(await document.bytes()) }],
    })
    const response = await service.call('POST', '/v2/email_submissions', {
      body: raw.toString('latin1'),
      headers: { 'Content-Type': 'message/rfc822' },
    })
    return parsed(EmailSubmissionDocumentSchema, response.body).included!.find((r) => r.type === 'document')!
      .id
  }

  it('marks a deflate bomb "too large or too complex" at its first reading and never reads it again by itself', async () => {
    const id = await mail('deflate bomb, 1 MB to 1 GB')
    await worker.runDue()
    const failed = await attributesOf(id)
    expect(failed).toMatchObject({ extraction_status: 'failed', extraction_attempts: 1 })
    expect(failed.extraction_error).toMatch(/^too large or too complex: its streams inflate to more than/)
    service.advance(24 * 3_600_000)
    await worker.runDue()
    expect(await attributesOf(id)).toMatchObject({ extraction_status: 'failed', extraction_attempts: 1 })
  })

  it('ends a reading that outlives its time and says so', { timeout: 60_000 }, async () => {
    const id = await mail('a million text operators')
    await worker.runDue()
    const failed = await attributesOf(id)
    expect(failed.extraction_status).toBe('failed')
    expect(failed.extraction_error).toMatch(/^too large or too complex: /)
  })

  it('stops reading a document whose readings never finish after five attempts, as after five crashes', async () => {
    const id = await mail('20,000 text operators')
    for (let attempt = 1; attempt <= 5; attempt++) {
      const now = service.clock.now()
      // a reading taken and never finished: the process died holding it, and its lease (lapsed at once) ran out
      expect(await service.storage.documents.claimExtraction(id, now, -1, 5)).toBeDefined()
      service.advance(2000)
    }
    await worker.runDue()
    const failed = await attributesOf(id)
    expect(failed).toMatchObject({ extraction_status: 'failed', extraction_attempts: 5 })
    expect(failed.extraction_error).toBe('too large or too complex: its reading never finished in 5 attempts')
  })

  it('queues a reading cut short by stopping again, without counting it', { timeout: 60_000 }, async () => {
    const id = await mail('a million text operators')
    const stopping = service.extraction({ log: () => {}, reading: { timeoutMs: 60_000 } })
    const reading = stopping.runDue()
    for (let i = 0; i < 100 && (await attributesOf(id)).extraction_status !== 'running'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    await stopping.stop()
    await reading
    expect(performance.now() - started).toBeLessThan(2000)
    expect(await attributesOf(id)).toMatchObject({ extraction_status: 'pending', extraction_attempts: 0 })
  })
})
