import { holdWords } from '../../../contract/container-state'
import { HOLD_NAMES } from '../../../contract/containers'
import { FilterActions } from '../../components/filters/filter-actions'
import { CarrierFilter, CustomerFilter } from '../../components/filters/reference-selects'
import { FILTER_NAMES, type TerminalChoice } from './board-filter-names'
import type { BoardParams } from './board-queries'

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
      <CarrierFilter value={params.carrier} />
      <CustomerFilter value={params.customer} />
      <label>
        Tag
        <input name="tag" defaultValue={params.tag} size={12} />
      </label>
      <FilterActions
        active={active}
        onClear={() => onApply(Object.fromEntries(FILTER_NAMES.map((name) => [name, undefined])))}
      />
    </div>
  )
}
