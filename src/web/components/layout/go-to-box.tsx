import { type FormEvent, useId } from 'react'
import { useNavigate } from 'react-router-dom'
import { SearchResultListDocumentSchema } from '../../../contract/search-results'
import { api } from '../../api/api-client'

/** Finds a container, bill of lading or reference number from anywhere. */
export function GoToBox() {
  const navigate = useNavigate()
  const id = useId()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = String(new FormData(event.currentTarget).get('number') ?? '').trim()
    if (!value) return
    const results = await api
      .get('/search', SearchResultListDocumentSchema, { params: { query: value } })
      .catch(() => undefined)
    const container = results?.data.find(
      (r) =>
        r.attributes.entity_type === 'cargo' && r.attributes.number?.toUpperCase() === value.toUpperCase(),
    )
    navigate(container ? `/containers/${container.id}` : `/shipments?q=${encodeURIComponent(value)}`)
  }
  return (
    <search className="go-to">
      <form onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          Go to a container, bill of lading or reference
        </label>
        <input id={id} name="number" placeholder="Go to container, B/L or reference" autoComplete="off" />
      </form>
    </search>
  )
}
