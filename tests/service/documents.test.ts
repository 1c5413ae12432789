import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import { ErrorDocumentSchema } from '../../src/contract/document'
import {
  DocumentDocumentSchema,
  DocumentDownloadUrlSchema,
  DocumentListDocumentSchema,
} from '../../src/contract/documents'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../src/contract/email-submissions'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('email submissions and documents over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { readDocuments: true })
  })
  afterAll(() => service?.stop())

  it('shows a submission with its documents and their representations by default', async () => {
    const list = parsed(EmailSubmissionListDocumentSchema, (await service.get('/v2/email_submissions')).body)
    expect(list.data.length).toBeGreaterThan(0)
    const submission = list.data.find((s) => (s.attributes.documents_count ?? 0) > 1)!
    const { status, body } = await service.get(`/v2/email_submissions/${submission.id}`)
    expect(status).toBe(200)
    const document = parsed(EmailSubmissionDocumentSchema, body)
    const types = document.included!.map((r) => r.type)
    expect(types.filter((t) => t === 'document')).toHaveLength(submission.attributes.documents_count!)
    expect(types).toContain('document_representation')
    expect(document.links?.self).toBe(`${service.baseUrl}/v2/email_submissions/${submission.id}`)
  })

  it('answers an unknown submission with 404 Not Found naming it', async () => {
    const id = '00000000-0000-4000-8000-000000000001'
    const response = await service.get(`/v2/email_submissions/${id}`)
    expect(response.status).toBe(404)
    const error = parsed(ErrorDocumentSchema, response.body).errors[0]
    expect(error).toMatchObject({ status: '404', title: 'Not Found' })
    expect(error.detail).toContain('email submission')
    expect(error.detail).toContain(id)
    const submission = parsed(
      EmailSubmissionListDocumentSchema,
      (await service.get('/v2/email_submissions')).body,
    ).data[0]
    expect((await service.get(`/v2/email_submissions/${submission.id}`, OTHER_KEY)).status).toBe(404)
    expect((await service.get(`/v2/email_submissions/${submission.id}?include=captain`)).status).toBe(400)
  })

  it('edits a document and links it to a container, refusing another account and unknown fields', async () => {
    const document = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data[0]
    const container = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=1')).body,
    ).data[0]
    const body = JSON.stringify({
      data: {
        type: 'document',
        attributes: {
          name: 'Renamed notice',
          document_type_manual: 'arrival_notice',
          classification_notes: 'checked',
        },
        relationships: { cargos: { data: [{ id: container.id, type: 'container' }] } },
      },
    })
    const response = await service.call('PATCH', `/v2/documents/${document.id}`, { body })
    expect(response.status).toBe(200)
    const edited = parsed(DocumentDocumentSchema, response.body)
    expect(edited.data.attributes).toMatchObject({ name: 'Renamed notice', classification_notes: 'checked' })
    expect(edited.data.relationships?.cargos?.data).toEqual([{ type: 'container', id: container.id }])
    const bad = await service.call('PATCH', `/v2/documents/${document.id}`, {
      body: JSON.stringify({ data: { type: 'document', attributes: { file_size_bytes: 1 } } }),
    })
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/file_size_bytes')
    const theirs = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=1', OTHER_KEY)).body,
    ).data[0]
    const cross = await service.call('PATCH', `/v2/documents/${document.id}`, {
      body: JSON.stringify({
        data: {
          type: 'document',
          relationships: { cargos: { data: [{ id: theirs.id, type: 'container' }] } },
        },
      }),
    })
    expect(cross.status).toBe(422)
    expect(cross.body.errors[0].source.pointer).toBe('/data/relationships/cargos/data/0/id')
    expect(
      (await service.call('PATCH', `/v2/documents/${document.id}`, { key: READ_KEY, body })).status,
    ).toBe(403)
  })

  it('gives a download_url that returns the file without an API key, and refuses a forged or stale one', async () => {
    const document = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data[0]
    const answer = await service.get(`/v2/documents/${document.id}/download_url`)
    expect(answer.status).toBe(200)
    const link = parsed(DocumentDownloadUrlSchema, answer.body)
    expect(Object.keys(answer.body)).toEqual(['download_url', 'expires_at'])
    expect(link.download_url.startsWith(`${service.baseUrl}/v2/documents/${document.id}/`)).toBe(true)
    const raw = await fetch(link.download_url)
    expect(raw.status).toBe(200)
    expect(raw.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(await raw.arrayBuffer()).startsWith('%PDF-')).toBe(true)
    const path = link.download_url.slice(service.baseUrl.length)
    const forged = await service.get(path.replace(/signature=[0-9a-f]+/, 'signature=00'), null)
    expect(forged.status).toBe(403)
    expect(parsed(ErrorDocumentSchema, forged.body).errors[0].source).toEqual({ parameter: 'signature' })
    const theirs = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents', OTHER_KEY)).body)
      .data[0]
    const swapped = await service.get(path.replaceAll(document.id, theirs.id), null)
    expect(swapped.status).toBe(403)
    service.advance(16 * 60_000)
    const stale = await service.get(path, null)
    expect(stale.status).toBe(403)
    expect(parsed(ErrorDocumentSchema, stale.body).errors[0].source).toEqual({ parameter: 'expires' })
  })

  it("serves links.download to the document's account with its key", async () => {
    const document = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data[0]
    const download = document.links?.download as string
    expect(download).toBe(`${service.baseUrl}/v2/documents/${document.id}/download`)
    const raw = await fetch(download, {
      headers: { Authorization: `Token ${READ_KEY}` },
    })
    expect(raw.status).toBe(200)
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename=".+"$/)
    const path = new URL(download).pathname
    expect((await service.get(path, null)).status).toBe(401)
    expect((await service.get(path, OTHER_KEY)).status).toBe(404)
  })
})
