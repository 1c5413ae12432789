import { describe, expect, it } from 'vitest'
import type { ChargesSummaryDocument } from '../../../contract/charges-summary'
import { chargeLines } from './charge-lines'
import { chargesCsvHeader, chargesCsvLine } from './charges-csv'

const figures = {
  currency: 'USD',
  containers: 2,
  days_past_free_time: 7,
  demurrage_days: 7,
  demurrage_settled: 1200,
  demurrage_accruing: 700.5,
  detention_days: null,
  detention_settled: null,
  detention_accruing: null,
}
const DOCUMENT: ChargesSummaryDocument = {
  data: [
    {
      id: 'customer:p1:USD',
      type: 'charges_summary_row',
      attributes: { group_by: 'customer', group_id: 'p1', name: '=Acme, Inc.', ...figures },
    },
  ],
  meta: {
    group_by: 'customer',
    from: '2026-11-01',
    to: '2026-11-30',
    totals: [figures],
    detention_available: false,
    notes: [],
  },
}

describe('the charges CSV', () => {
  it('writes each row and the total as the board writes amounts, detention left empty while not priced', () => {
    const lines = chargeLines(DOCUMENT).map(chargesCsvLine({ from: '2026-11-01', to: '2026-11-30' }))
    expect(chargesCsvHeader('customer')[0]).toBe('Customer')
    expect(chargesCsvHeader('terminal')[0]).toBe('Terminal')
    expect(lines).toEqual([
      `"'=Acme, Inc.",2,7,7,1200.00,700.50,,,,USD,2026-11-01,2026-11-30`,
      'Total,2,7,7,1200.00,700.50,,,,USD,2026-11-01,2026-11-30',
    ])
  })

  it('names the totals by currency when there are several', () => {
    const two = {
      ...DOCUMENT,
      meta: { ...DOCUMENT.meta, totals: [figures, { ...figures, currency: 'EUR' }] },
    }
    expect(chargeLines(two).map((line) => line.name)).toEqual(['=Acme, Inc.', 'Total (USD)', 'Total (EUR)'])
  })
})
