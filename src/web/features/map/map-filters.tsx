import type { FormEvent } from 'react'
import { VESSEL_MAP_STATES } from '../../../contract/vessels'
import { FilterActions } from '../../components/filters/filter-actions'
import { CarrierFilter, CustomerFilter } from '../../components/filters/reference-selects'
import { STATE_WORDS } from './map-model'
import { MAP_FILTERS, type MapParams } from './map-queries'

/** The board's filters for the map: carrier, customer, tag, port of discharge and state, in the URL. */
export function MapFilters({
  params,
  onApply,
}: {
  params: MapParams
  onApply: (changes: Record<string, string | undefined>) => void
}) {
  const active = MAP_FILTERS.some((name) => params[name] !== undefined)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    onApply(
      Object.fromEntries(MAP_FILTERS.map((name) => [name, String(form.get(name) ?? '').trim() || undefined])),
    )
  }
  return (
    <form className="filters" onSubmit={submit} key={MAP_FILTERS.map((name) => params[name] ?? '').join('|')}>
      <details open={active}>
        <summary>Filters{active ? ' (active)' : ''}</summary>
        <div className="filter-grid">
          <CarrierFilter value={params.carrier} />
          <CustomerFilter value={params.customer} />
          <label>
            Tag
            <input name="tag" defaultValue={params.tag} size={12} />
          </label>
          <label>
            Port of discharge
            <input name="pod" defaultValue={params.pod} size={7} placeholder="UN/LOCODE" />
          </label>
          <label>
            State
            <select name="state" defaultValue={params.state ?? ''}>
              <option value="">Any state</option>
              {VESSEL_MAP_STATES.map((state) => (
                <option key={state} value={state}>
                  {STATE_WORDS[state]}
                </option>
              ))}
            </select>
          </label>
          <FilterActions
            active={active}
            onClear={() => onApply(Object.fromEntries(MAP_FILTERS.map((name) => [name, undefined])))}
          />
        </div>
      </details>
    </form>
  )
}
