import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import { DocumentDocumentSchema } from '../../src/contract/documents'
import { EmailSubmissionDocumentSchema } from '../../src/contract/email-submissions'
import type { createExtractionWorker } from '../../src/server/documents/extraction-worker'
import { DATABASE_KINDS } from '../support/databases'
import { corpusPdf } from '../support/document-corpus'
import { composeMessage } from '../support/mail-fixtures'
import { parsed, READ_KEY, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('reading documents on %s', (kind) => {
  let service: Service
  let worker: ReturnType<typeof createExtractionWorker>
  let container: { id: string; number: string }
  const errors: string[] = []
  beforeAll(async () => {
    // the demo's own documents are read first, so each test's reading is its own document's alone
    service = await startService(kind, { readDocuments: true })
    worker = service.extraction({ log: (m) => errors.push(m) })
    const first = parsed(ContainerListDocumentSchema, (await service.get('/v2/containers?page[size]=1')).body)
      .data[0]
    container = { id: first.id, number: first.attributes.number! }
  })
  afterAll(() => service?.stop())

  const documentOf = async (id: string) =>
    parsed(
      DocumentDocumentSchema,
      (await service.get(`/v2/documents/${id}?include=last_document_representation,cargos`)).body,
    )
  const payloadOf = (document: Awaited<ReturnType<typeof documentOf>>) =>
    document.included?.find((r) => r.type === 'document_representation')?.attributes?.payload as Record<
      string,
      unknown
    >

  async function mailNotice(lfd: string) {
    const pdf = await corpusPdf({
      name: 'notice',
      lines: [
        ['ARRIVAL NOTICE'],
        ['Vessel / Voyage:', 'MSC ANNA / 412W'],
        ['ETA:', '2026-11-25'],
        ['Last Free Day:', lfd],
        ['Container:', container.number],
      ],
      expected: { document_type: 'arrival_notice', containers: [container.number], bills: [] },
    })
    const raw = await composeMessage({
      from: 'an@line.example',
      to: 'x@quayside.localhost',
      subject: `AN ${lfd}`,
      attachments: [{ filename: 'notice.pdf', content: Buffer.from(pdf) }],
    })
    const response = await service.call('POST', '/v2/email_submissions', {
      body: raw.toString(),
      headers: { 'Content-Type': 'message/rfc822' },
    })
    const submission = parsed(EmailSubmissionDocumentSchema, response.body)
    return submission.included!.find((r) => r.type === 'document')!.id
  }

  it('queues an emailed document, reads it in the background, types it and links it to the container it names', async () => {
    const id = await mailNotice('2026-11-30')
    expect((await documentOf(id)).data.attributes.extraction_status).toBe('pending')
    expect(await worker.runDue()).toBe(1)
    const document = await documentOf(id)
    expect(document.data.attributes).toMatchObject({
      extraction_status: 'done',
      document_type: 'arrival_notice',
      extraction_error: null,
    })
    expect(document.data.relationships?.cargos?.data).toEqual([{ id: container.id, type: 'container' }])
    const payload = payloadOf(document)
    expect(payload).toMatchObject({
      document_type: 'arrival_notice',
      last_free_day: '2026-11-30',
      eta: '2026-11-25',
      vessel_name: 'MSC ANNA',
      voyage_number: '412W',
      container_numbers: [container.number],
    })
    const lfd = (payload.values as { field: string; page: number; text: string; confidence: number }[]).find(
      (v) => v.field === 'last_free_day',
    )
    expect(lfd).toMatchObject({ page: 1, text: '2026-11-30' })
    expect(lfd!.confidence).toBeGreaterThan(0.5)
    const listed = await service.get(`/v2/documents?filter[reference]=${container.number}`)
    expect(listed.body.data.map((d: { id: string }) => d.id)).toContain(id)
  })

  it('keeps a corrected value and a type set by hand through re-extraction and reclassification', async () => {
    const id = await mailNotice('2026-12-02')
    await worker.runDue()
    const patch = (attributes: Record<string, unknown>, key?: string) =>
      service.call('PATCH', `/v2/documents/${id}`, {
        key,
        body: JSON.stringify({ data: { type: 'document', id, attributes } }),
      })
    const corrected = await patch({ corrections: { last_free_day: '2026-12-04' } })
    expect(corrected.status).toBe(200)
    expect(payloadOf(await documentOf(id))).toMatchObject({
      last_free_day: '2026-12-04',
      corrected_fields: ['last_free_day'],
    })
    expect((await patch({ document_type_manual: 'delivery_order' })).status).toBe(200)
    expect((await documentOf(id)).data.attributes.document_type).toBe('delivery_order')
    for (const action of ['reextract', 'reclassify']) {
      const queued = await service.call('POST', `/v2/documents/${id}/${action}`)
      expect(queued.status).toBe(202)
      expect(queued.body).toEqual({ status: 'accepted' })
      expect((await documentOf(id)).data.attributes.extraction_status).toBe('pending')
      await worker.runDue()
      const document = await documentOf(id)
      expect(document.data.attributes).toMatchObject({
        extraction_status: 'done',
        document_type: 'delivery_order',
      })
      expect(payloadOf(document)).toMatchObject({
        last_free_day: '2026-12-04',
        document_type: 'delivery_order',
        classification: { document_type: 'arrival_notice' },
      })
    }
    const invalid = await patch({ corrections: { last_free_day: 'soon' } })
    expect(invalid.status).toBe(422)
    expect(invalid.body.errors[0].source.pointer).toBe('/data/attributes/corrections/last_free_day')
    expect((await patch({ corrections: { last_free_day: null } })).status).toBe(200)
    expect(payloadOf(await documentOf(id))).toMatchObject({
      last_free_day: '2026-12-02',
      corrected_fields: [],
    })
    expect((await service.call('POST', `/v2/documents/${id}/reextract`, { key: READ_KEY })).status).toBe(403)
  })

  const mailBroken = async (subject: string) => {
    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%% truncated and never ends')
    const raw = await composeMessage({
      from: 'a@line.example',
      to: 'x@quayside.localhost',
      subject,
      attachments: [{ filename: 'broken.pdf', content: broken }],
    })
    const response = await service.call('POST', '/v2/email_submissions', {
      body: raw.toString(),
      headers: { 'Content-Type': 'message/rfc822' },
    })
    return parsed(EmailSubmissionDocumentSchema, response.body).included!.find((r) => r.type === 'document')!
      .id
  }

  it('marks a PDF pdf.js cannot open failed at once, in our words, never retried', async () => {
    const id = await mailBroken('broken')
    await worker.runDue()
    const document = await documentOf(id)
    expect(document.data.attributes).toMatchObject({
      extraction_status: 'failed',
      extraction_attempts: 1,
      extraction_error: 'could not be read: the file is not a readable PDF',
    })
  })

  it('retries a reading that failed for another reason, then marks it failed with the reason', async () => {
    const id = await mailBroken('thread lost')
    const lost = service.extraction({
      log: (m) => errors.push(m),
      reader: {
        read: async () => {
          throw new Error('The reading thread stopped')
        },
        close: async () => {},
      },
    })
    await lost.runDue()
    let document = await documentOf(id)
    expect(document.data.attributes).toMatchObject({ extraction_status: 'pending', extraction_attempts: 1 })
    expect(document.data.attributes.extraction_error).toBe('The reading thread stopped')
    for (let attempt = 2; attempt <= 5; attempt++) {
      service.advance(30 * 60_000)
      await lost.runDue()
    }
    document = await documentOf(id)
    expect(document.data.attributes).toMatchObject({ extraction_status: 'failed', extraction_attempts: 5 })
    expect(errors.some((m) => m.includes(id))).toBe(true)
  })
})
