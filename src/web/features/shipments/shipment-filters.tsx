import { type FormEvent, lazy, Suspense, useState } from 'react'
import type { ShipmentListParams } from './shipment-queries'

type Changes = Record<string, string | undefined>

// the filters and their option lists load when the panel first opens, or at once when a filter is set
const FilterFields = lazy(async () => ({ default: (await import('./filter-fields')).FilterFields }))

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim() || undefined

/** The search box and the filters; applying them resets to the first page. */
export function ShipmentFilters({
  params,
  onApply,
}: {
  params: ShipmentListParams
  onApply: (changes: Changes) => void
}) {
  const active = [params.carrier, params.pol, params.pod, params.stopped, params.customer, params.tag].some(
    (v) => v !== undefined,
  )
  const [opened, setOpened] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    // a filter whose field has not loaded yet keeps the value the URL gives it
    const filter = (name: keyof ShipmentListParams) =>
      form.has(name) ? field(form, name) : (params[name]?.toString() as string | undefined)
    onApply({
      q: field(form, 'q'),
      carrier: filter('carrier'),
      pol: filter('pol')?.toUpperCase(),
      pod: filter('pod')?.toUpperCase(),
      stopped: filter('stopped'),
      customer: filter('customer'),
      tag: filter('tag'),
      page: undefined,
    })
  }
  // remount when the URL changes, so the inputs show what the URL says
  const key = JSON.stringify({ ...params, page: 0, size: 0, sort: 0 })
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
            data-search
          />
          <button type="submit">Search</button>
        </div>
        <details open={active} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
          <summary>Filters{active ? ' (active)' : ''}</summary>
          {active || opened ? (
            <Suspense fallback={<p className="muted">Loading filters…</p>}>
              <FilterFields params={params} active={active} onApply={onApply} />
            </Suspense>
          ) : null}
        </details>
      </form>
    </search>
  )
}
