import { describe, expect, it } from 'vitest'
import { corpusPdf, DOCUMENT_CORPUS } from '../../../tests/support/document-corpus'
import { classifyDocument } from './classify-document'
import { documentText } from './document-text'
import { extractFields } from './extract-fields'

const score = (found: Set<string>, expected: Set<string>) => {
  const hits = [...found].filter((x) => expected.has(x)).length
  return { hits, found: found.size, expected: expected.size }
}

describe('reading the document corpus', () => {
  it('finds container and bill of lading numbers with high precision and recall, and types each document', async () => {
    const totals = {
      containers: { hits: 0, found: 0, expected: 0 },
      bills: { hits: 0, found: 0, expected: 0 },
    }
    const wrongTypes: string[] = []
    for (const document of DOCUMENT_CORPUS) {
      const pages = await documentText(await corpusPdf(document), 'application/pdf')
      const { values } = extractFields(pages)
      const containers = new Set(
        values.filter((v) => v.field === 'container_number').map((v) => String(v.value)),
      )
      const bills = new Set(
        values.filter((v) => v.field === 'bill_of_lading_number').map((v) => String(v.value)),
      )
      for (const [key, found, expected] of [
        ['containers', containers, document.expected.containers],
        ['bills', bills, document.expected.bills],
      ] as const) {
        const s = score(found, new Set(expected))
        totals[key].hits += s.hits
        totals[key].found += s.found
        totals[key].expected += s.expected
      }
      const type = classifyDocument(pages).documentType
      if (type !== document.expected.document_type) wrongTypes.push(`${document.name}: ${type}`)
      const lfd = values.find((v) => v.field === 'last_free_day')?.value
      if (document.expected.last_free_day) expect(lfd, document.name).toBe(document.expected.last_free_day)
      const eta = values.find((v) => v.field === 'eta')?.value
      if (document.expected.eta) expect(eta, document.name).toBe(document.expected.eta)
    }
    const rate = (n: number, d: number) => (d === 0 ? 1 : n / d)
    const report = Object.fromEntries(
      Object.entries(totals).map(([key, t]) => [
        key,
        { precision: rate(t.hits, t.found).toFixed(3), recall: rate(t.hits, t.expected).toFixed(3), ...t },
      ]),
    )
    console.log(`extraction corpus (${DOCUMENT_CORPUS.length} PDFs): ${JSON.stringify(report)}`)
    expect(wrongTypes).toEqual([])
    expect(rate(totals.containers.hits, totals.containers.found)).toBe(1)
    expect(rate(totals.containers.hits, totals.containers.expected)).toBe(1)
    expect(rate(totals.bills.hits, totals.bills.found)).toBeGreaterThanOrEqual(0.9)
    expect(rate(totals.bills.hits, totals.bills.expected)).toBe(1)
  })

  it('sets aside a container number whose check digit is wrong, with the number meant', async () => {
    const messy = DOCUMENT_CORPUS.find((d) => d.messy)!
    const { rejected } = extractFields(await documentText(await corpusPdf(messy), 'application/pdf'))
    expect(rejected).toEqual([
      expect.objectContaining({
        field: 'container_number',
        text: 'HLXU8765432',
        reason: expect.stringContaining('check digit'),
      }),
    ])
  })

  it('says where each value was read: the page and the span of its text', async () => {
    const pages = await documentText(await corpusPdf(DOCUMENT_CORPUS[0]), 'application/pdf')
    const { values } = extractFields(pages)
    const lfd = values.find((v) => v.field === 'last_free_day')!
    expect(lfd).toMatchObject({ page: 1, text: '2026-12-01', value: '2026-12-01' })
    expect(pages[0].slice(lfd.start, lfd.end)).toBe('2026-12-01')
    const fees = values.filter((v) => v.field === 'fee').map((v) => v.value)
    expect(fees).toEqual([
      { type: 'Demurrage', amount: 150, currency: 'USD' },
      { type: 'Terminal handling', amount: 385, currency: 'USD' },
    ])
    expect(values.find((v) => v.field === 'vessel_name')?.value).toBe('MAERSK ESSEX')
    expect(values.find((v) => v.field === 'voyage_number')?.value).toBe('442W')
    expect(values.find((v) => v.field === 'port_of_discharge')?.value).toBe('LOS ANGELES, CA')
  })
})
