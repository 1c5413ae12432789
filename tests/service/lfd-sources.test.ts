import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boardTabsOf, ContainerBoardDocumentSchema } from '../../src/contract/container-board'
import { containerStateOf } from '../../src/contract/container-state'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { DocumentListDocumentSchema } from '../../src/contract/documents'
import { LFD_CHECK_INTERVAL_MS } from '../../src/contract/lfd-sources'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('one last free day with its sources, on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 100, readDocuments: true })
  })
  afterAll(() => service?.stop())

  // each read names its own page size: an answer cached before the clock moved is never reused
  let reads = 0
  const board = async (tab: string) => {
    reads += 1
    const response = await service.get(`/v2/containers?filter[tab]=${tab}&page[size]=${100 - reads}`)
    expect(response.status).toBe(200)
    return parsed(ContainerBoardDocumentSchema, response.body).data
  }
  const container = async (id: string) =>
    parsed(ContainerDocumentSchema, (await service.get(`/v2/containers/${id}`)).body).data
  const correct = async (documentId: string, lfd: string | null, containerId: string) => {
    const response = await service.call('PATCH', `/v2/documents/${documentId}`, {
      body: JSON.stringify({
        data: {
          type: 'document',
          attributes: { corrections: { last_free_day: lfd } },
          relationships: { cargos: { data: [{ id: containerId, type: 'container' }] } },
        },
      }),
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
  }

  it("makes a confirmed correction of a document's last free day the one that counts, saying who made it", async () => {
    const [available] = await board('available')
    expect(available.attributes.pickup_lfd_source).toBe('terminal')
    const documents = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data
    const document = documents[0]

    await correct(document.id, '2026-11-18', available.id)
    const corrected = await container(available.id)
    const a = corrected.attributes
    expect(a.pickup_lfd_source).toBe('person')
    expect(a.pickup_lfd).toBe('2026-11-18T12:00:00Z')
    const person = a.lfd_sources?.find((s) => s.kind === 'person')
    expect(person).toMatchObject({ value: '2026-11-18', by: 'write key', document_id: document.id })
    expect(a.lfd_sources?.map((s) => s.kind)).toContain('terminal')
    // the board counts it by the corrected day: overdue now, and no longer available
    expect(containerStateOf(a, NOW)).toBe('overdue')
    expect(boardTabsOf({ attributes: a }, NOW, 3)).toContain('overdue')
    expect((await board('overdue')).map((c) => c.id)).toContain(available.id)
    expect((await board('available')).map((c) => c.id)).not.toContain(available.id)

    // taking the correction back gives the terminal's day back
    await correct(document.id, null, available.id)
    const restored = (await container(available.id)).attributes
    expect(restored.pickup_lfd_source).toBe('terminal')
    expect(restored.pickup_lfd).toBe(available.attributes.pickup_lfd)
    expect(restored.lfd_sources?.some((s) => s.kind === 'person')).toBe(false)
  })

  it('lets stale terminal data raise no urgency: it is unconfirmed, while a correction still counts', async () => {
    const overdue = await board('overdue')
    const byTerminal = overdue.find((c) => c.attributes.pickup_lfd_source === 'terminal')!
    expect(byTerminal).toBeDefined()
    const [other] = await board('available')
    const document = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data[1]
    await correct(document.id, '2026-11-18', other.id)

    service.advance(LFD_CHECK_INTERVAL_MS + 60_000)
    try {
      const later = new Date(NOW.getTime() + LFD_CHECK_INTERVAL_MS + 60_000)
      const stale = (await container(byTerminal.id)).attributes
      expect(containerStateOf(stale, later)).toBe('unconfirmed')
      expect(boardTabsOf({ attributes: stale }, later, 3)).not.toContain('overdue')
      const stillOverdue = (await board('overdue')).map((c) => c.id)
      expect(stillOverdue).not.toContain(byTerminal.id)
      expect(stillOverdue).toContain(other.id)
      for (const tab of ['lfd_soon', 'available'])
        for (const c of await board(tab)) expect(c.attributes.pickup_lfd_source, tab).not.toBe('terminal')
    } finally {
      service.advance(-(LFD_CHECK_INTERVAL_MS + 60_000))
    }
  })
})
