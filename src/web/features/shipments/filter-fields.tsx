import { FilterActions } from '../../components/filters/filter-actions'
import { CarrierFilter, CustomerFilter } from '../../components/filters/reference-selects'
import type { ShipmentListParams } from './shipment-queries'

type Changes = Record<string, string | undefined>

const CLEARED = {
  carrier: undefined,
  pol: undefined,
  pod: undefined,
  stopped: undefined,
  customer: undefined,
  tag: undefined,
  page: undefined,
}

/** The filters behind the Filters toggle, with the carrier and customer lists they offer. */
export function FilterFields({
  params,
  active,
  onApply,
}: {
  params: ShipmentListParams
  active: boolean
  onApply: (changes: Changes) => void
}) {
  return (
    <div className="filter-grid">
      <CarrierFilter value={params.carrier} />
      <label>
        Port of lading (UN/LOCODE)
        <input name="pol" defaultValue={params.pol} placeholder="e.g. CNSHA" maxLength={5} size={8} />
      </label>
      <label>
        Port of discharge (UN/LOCODE)
        <input name="pod" defaultValue={params.pod} placeholder="e.g. USLAX" maxLength={5} size={8} />
      </label>
      <label>
        Tracking
        <select name="stopped" defaultValue={params.stopped === undefined ? '' : String(params.stopped)}>
          <option value="">Any</option>
          <option value="false">Still tracking</option>
          <option value="true">Tracking stopped</option>
        </select>
      </label>
      <CustomerFilter value={params.customer} />
      <label>
        Tag
        <input name="tag" defaultValue={params.tag} size={12} />
      </label>
      <FilterActions active={active} onClear={() => onApply(CLEARED)} />
    </div>
  )
}
