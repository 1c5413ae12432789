import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { SearchResult } from '../../../contract/search-results'
import { SearchResultListDocumentSchema } from '../../../contract/search-results'
import { api } from '../../api/api-client'

const same = (a: string | null | undefined, b: string) => a?.toUpperCase() === b.toUpperCase()

/** Where an exact match leads: a container, a shipment (by bill of lading or reference), or a tracking request. */
export function destinationFor(value: string, results: SearchResult[]) {
  const exact = (type: string) =>
    results.filter(
      (r) =>
        r.attributes.entity_type === type &&
        (same(r.attributes.number, value) || (r.attributes.ref_numbers ?? []).some((n) => same(n, value))),
    )
  const [container] = exact('cargo')
  if (container) return `/containers/${container.id}`
  const shipments = exact('shipment')
  // a reference can be shared by several shipments: then the list shows them all
  if (shipments.length === 1) return `/shipments/${shipments[0].id}`
  const [request] = exact('tracking_request')
  if (request)
    return request.attributes.shipment_id
      ? `/shipments/${request.attributes.shipment_id}`
      : `/tracking-requests/${request.id}`
  return `/shipments?q=${encodeURIComponent(value)}`
}

/** Finds a container, bill of lading or reference number from anywhere and jumps to it. */
export function GoToBox() {
  const navigate = useNavigate()
  const id = useId()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const value = String(new FormData(form).get('number') ?? '').trim()
    if (!value) return
    setBusy(true)
    const results = await api
      .get('/search', SearchResultListDocumentSchema, { params: { query: value } })
      .catch(() => undefined)
    setBusy(false)
    form.reset()
    navigate(destinationFor(value, results?.data ?? []))
  }
  return (
    <search className="go-to">
      <form onSubmit={submit} aria-busy={busy}>
        <label htmlFor={id} className="visually-hidden">
          Go to a container, bill of lading or reference
        </label>
        <input
          id={id}
          name="number"
          type="search"
          placeholder="Go to container, B/L or reference"
          autoComplete="off"
        />
      </form>
    </search>
  )
}
