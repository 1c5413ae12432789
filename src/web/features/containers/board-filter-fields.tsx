import { useQuery } from '@tanstack/react-query'
import { HOLD_NAMES } from '../../../contract/containers'
import { referenceQueries } from '../../api/reference-queries'
import { holdWords } from '../../components/status/holds'
import { FILTER_NAMES, type TerminalChoice } from './board-filters'
import type { BoardParams } from './board-queries'

/** The board's filters behind the Filters toggle, with the carrier and customer lists they offer. */
export function BoardFilterFields({
  params,
  terminals,
  active,
  onApply,
}: {
  params: BoardParams
  terminals: TerminalChoice[]
  active: boolean
  onApply: (changes: Record<string, string | undefined>) => void
}) {
  const lines = useQuery(referenceQueries.shippingLines())
  const customers = useQuery(referenceQueries.customers())
  const chosenTerminal =
    params.terminal && !terminals.some((t) => t.id === params.terminal)
      ? [{ id: params.terminal, name: 'The chosen terminal' }]
      : []
  return (
    <div className="filter-grid">
      <label>
        Hold
        <select name="hold" defaultValue={params.hold ?? ''}>
          <option value="">Any or none</option>
          {HOLD_NAMES.map((name) => (
            <option key={name} value={name}>
              {holdWords({ name })}
            </option>
          ))}
        </select>
      </label>
      <label>
        Terminal
        <select name="terminal" defaultValue={params.terminal ?? ''}>
          <option value="">Any terminal</option>
          {[...chosenTerminal, ...terminals].map((terminal) => (
            <option key={terminal.id} value={terminal.id}>
              {terminal.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Carrier
        {/* remounted when its options arrive, so it shows what the URL says */}
        <select name="carrier" defaultValue={params.carrier ?? ''} key={String(lines.isSuccess)}>
          <option value="">Any carrier</option>
          {params.carrier && !lines.data?.data.some((l) => l.attributes.scac === params.carrier) ? (
            <option value={params.carrier}>{params.carrier}</option>
          ) : null}
          {lines.data?.data.map((line) => (
            <option key={line.id} value={line.attributes.scac}>
              {line.attributes.name ?? line.attributes.scac} ({line.attributes.scac})
            </option>
          ))}
        </select>
      </label>
      <label>
        Customer
        <select name="customer" defaultValue={params.customer ?? ''} key={String(customers.isSuccess)}>
          <option value="">Any customer</option>
          {params.customer && !customers.data?.data.some((c) => c.id === params.customer) ? (
            <option value={params.customer}>Customer {params.customer.slice(0, 8)}</option>
          ) : null}
          {customers.data?.data.map((party) => (
            <option key={party.id} value={party.id}>
              {party.attributes.company_name ?? party.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tag
        <input name="tag" defaultValue={params.tag} size={12} />
      </label>
      <div className="filter-actions">
        <button type="submit">Apply filters</button>
        {active ? (
          <button
            type="button"
            className="secondary"
            onClick={() => onApply(Object.fromEntries(FILTER_NAMES.map((name) => [name, undefined])))}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  )
}
