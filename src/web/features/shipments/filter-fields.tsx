import { useQuery } from '@tanstack/react-query'
import { referenceQueries } from '../../api/reference-queries'
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
  const lines = useQuery(referenceQueries.shippingLines())
  const customers = useQuery(referenceQueries.customers())
  return (
    <div className="filter-grid">
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
          <button type="button" className="secondary" onClick={() => onApply(CLEARED)}>
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  )
}
