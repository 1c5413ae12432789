import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentListDocumentSchema } from '../../src/contract/documents'
import { EmailSubmissionListDocumentSchema } from '../../src/contract/email-submissions'
import { DATABASE_KINDS } from '../support/databases'
import { composeMessage } from '../support/mail-fixtures'
import { OTHER_KEY, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('inbox and linked-document filters on %s', (kind) => {
  let service: Service
  const submissions = async (query: string, key?: string) =>
    parsed(EmailSubmissionListDocumentSchema, (await service.get(`/v2/email_submissions?${query}`, key)).body)
  const documents = async (query: string) =>
    parsed(DocumentListDocumentSchema, (await service.get(`/v2/documents?${query}`)).body)

  beforeAll(async () => {
    service = await startService(kind, { readDocuments: true })
    const raw = await composeMessage({
      from: 'Pier Office <pier@terminal.example>',
      to: 'harbor-freight-demo-co@quayside.localhost',
      subject: 'No attachments here',
      text: 'Just a note.',
    })
    const posted = await service.call('POST', '/v2/email_submissions', {
      body: raw.toString(),
      headers: { 'Content-Type': 'message/rfc822' },
    })
    expect(posted.status).toBe(201)
  })
  afterAll(() => service?.stop())

  it('searches submissions by subject, sender and attachment name', async () => {
    const bySubject = await submissions('q=no%20attachments')
    expect(bySubject.data.map((s) => s.attributes.subject)).toEqual(['No attachments here'])
    const bySender = await submissions('q=pier@terminal')
    expect(bySender.data.map((s) => s.attributes.subject)).toEqual(['No attachments here'])
    const all = await submissions('page[size]=100&include=documents')
    const named = all.included?.find((r) => r.type === 'document')?.attributes?.file_name as string
    const byFile = await submissions(`q=${encodeURIComponent(named)}`)
    expect(byFile.data.length).toBeGreaterThan(0)
    expect(byFile.data.every((s) => Number(s.attributes.documents_count) > 0)).toBe(true)
    expect((await submissions('q=no%20attachments', OTHER_KEY)).data).toEqual([])
  })

  it('filters submissions by how far reading their attachments has got', async () => {
    const none = await submissions('filter[reading]=no_documents')
    expect(none.data.map((s) => s.attributes.subject)).toEqual(['No attachments here'])
    const done = await submissions('filter[reading]=done&page[size]=100')
    expect(done.data.length).toBeGreaterThan(0)
    expect(done.data.every((s) => Number(s.attributes.documents_count) > 0)).toBe(true)
    expect((await submissions('filter[reading]=failed')).data).toEqual([])
    const refused = await service.get('/v2/email_submissions?filter[reading]=soon')
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].source).toEqual({ parameter: 'filter[reading]' })
  })

  it('lists the documents linked to one container or shipment', async () => {
    const linked = await documents('page[size]=100&include=cargos,shipments')
    const withContainer = linked.data.find((d) => d.relationships?.cargos?.data?.length)
    expect(withContainer).toBeDefined()
    const containerId = withContainer!.relationships!.cargos!.data![0].id
    const forContainer = await documents(`filter[container_id]=${containerId}`)
    expect(forContainer.data.map((d) => d.id)).toContain(withContainer!.id)
    const shipmentId = withContainer!.relationships!.shipments!.data![0].id
    const forShipment = await documents(`filter[shipment_id]=${shipmentId}`)
    expect(forShipment.data.map((d) => d.id)).toContain(withContainer!.id)
    const refused = await service.get('/v2/documents?filter[container_id]=nope')
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].source).toEqual({ parameter: 'filter[container_id]' })
  })
})
