import type { ChargeGrouping } from '../../../contract/charges-summary'
import { csvRow, exportPages } from '../../components/data-table/csv'
import type { ChargeLine } from './charge-lines'
import type { ChargesParams } from './charges-period'

const GROUP_HEADER: Record<ChargeGrouping, string> = { customer: 'Customer', terminal: 'Terminal' }

export const chargesCsvHeader = (group: ChargeGrouping) => [
  GROUP_HEADER[group],
  'Containers',
  'Days past free time',
  'Demurrage days',
  'Demurrage settled',
  'Demurrage accruing',
  'Detention days',
  'Detention settled',
  'Detention accruing',
  'Currency',
  'Period from',
  'Period to',
]

// as the board's CSV writes amounts; detention not yet priced is left empty, never 0
const amount = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2)

export const chargesCsvLine = (params: Pick<ChargesParams, 'from' | 'to'>) => (line: ChargeLine) =>
  csvRow([
    line.name,
    line.containers,
    line.days_past_free_time,
    line.demurrage_days,
    amount(line.demurrage_settled),
    amount(line.demurrage_accruing),
    line.detention_days,
    amount(line.detention_settled),
    amount(line.detention_accruing),
    line.currency,
    params.from,
    params.to,
  ])

/** The table as shown, totals included: one answer, so one page. */
export const exportCharges = (
  params: ChargesParams,
  lines: ChargeLine[],
  progress: Pick<Parameters<typeof exportPages>[0], 'onProgress' | 'cancelled'>,
) =>
  exportPages({
    header: chargesCsvHeader(params.group),
    name: `charges-by-${params.group}-${params.from}-to-${params.to}.csv`,
    ...progress,
    page: async () => ({ lines: lines.map(chargesCsvLine(params)), total: lines.length, more: false }),
  })
