import type { ChargeGrouping } from '../../../contract/charges-summary'
import type { DataColumn } from '../../components/data-table/data-table'
import { money } from '../../components/status/fees'
import { type ChargeLine, chargeSum } from './charge-lines'

const strong = (line: ChargeLine, text: string | number | null | undefined) =>
  line.total ? <strong>{text ?? '—'}</strong> : (text ?? '—')

const NOT_PRICED = <abbr title="Not available: detention is not priced yet">—</abbr>

const amount = (header: string, value: (l: ChargeLine) => number | null | undefined, width = 8.5) => ({
  id: header,
  header,
  width,
  cell: (line: ChargeLine) => {
    const v = value(line)
    return v === null || v === undefined ? NOT_PRICED : strong(line, money(v, line.currency))
  },
})

export const chargesColumns = (group: ChargeGrouping): DataColumn<ChargeLine>[] => [
  {
    id: 'name',
    header: group === 'customer' ? 'Customer' : 'Terminal',
    width: 14,
    phone: 'title',
    cell: (line) => strong(line, line.name),
  },
  { id: 'containers', header: 'Containers', width: 6.5, cell: (line) => strong(line, line.containers) },
  {
    id: 'days',
    header: 'Days past free time',
    width: 7,
    cell: (line) => strong(line, line.days_past_free_time),
  },
  amount('Demurrage settled', (l) => l.demurrage_settled),
  amount('Demurrage accruing', (l) => l.demurrage_accruing),
  amount('Detention settled', (l) => l.detention_settled),
  amount('Detention accruing', (l) => l.detention_accruing),
  amount('Total', chargeSum),
]
