import { useQuery } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { referenceQueries } from '../../api/reference-queries'
import type { ShipmentListParams } from './shipment-queries'

type Changes = Record<string, string | undefined>

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim() || undefined

/** The search box and the filters; applying them resets to the first page. */
export function ShipmentFilters({
  params,
  onApply,
}: {
  params: ShipmentListParams
  onApply: (changes: Changes) => void
}) {
  const lines = useQuery(referenceQueries.shippingLines())
  const customers = useQuery(referenceQueries.customers())
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    onApply({
      q: field(form, 'q'),
      carrier: field(form, 'carrier'),
      pol: field(form, 'pol')?.toUpperCase(),
      pod: field(form, 'pod')?.toUpperCase(),
      stopped: field(form, 'stopped'),
      customer: field(form, 'customer'),
      tag: field(form, 'tag'),
      page: undefined,
    })
  }
  const active = [params.carrier, params.pol, params.pod, params.stopped, params.customer, params.tag].some(
    (v) => v !== undefined,
  )
  // remount when the URL or the option lists change, so the inputs show what the URL says
  const key = JSON.stringify({
    ...params,
    page: 0,
    size: 0,
    sort: 0,
    lists: [lines.isSuccess, customers.isSuccess],
  })
  return (
    <search>
      <form className="filters" onSubmit={submit} key={key}>
        <div className="toolbar">
          <label htmlFor="shipment-search">Search shipments</label>
          <input
            id="shipment-search"
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder="Bill of lading, reference or container number"
          />
          <button type="submit">Search</button>
        </div>
        <details open={active}>
          <summary>Filters{active ? ' (active)' : ''}</summary>
          <div className="filter-grid">
            <label>
              Carrier
              <select name="carrier" defaultValue={params.carrier ?? ''}>
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
              <select
                name="stopped"
                defaultValue={params.stopped === undefined ? '' : String(params.stopped)}
              >
                <option value="">Any</option>
                <option value="false">Still tracking</option>
                <option value="true">Tracking stopped</option>
              </select>
            </label>
            <label>
              Customer
              <select name="customer" defaultValue={params.customer ?? ''}>
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
                  onClick={() =>
                    onApply({
                      carrier: undefined,
                      pol: undefined,
                      pod: undefined,
                      stopped: undefined,
                      customer: undefined,
                      tag: undefined,
                      page: undefined,
                    })
                  }
                >
                  Clear filters
                </button>
              ) : null}
            </div>
          </div>
        </details>
      </form>
    </search>
  )
}
