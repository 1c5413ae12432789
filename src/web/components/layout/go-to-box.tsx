import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'

// the search and its schema load when the box is first used, not with every page
const loadSearch = () => import('./go-to-destination')

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
    const destination = await loadSearch()
      .then(({ findDestination }) => findDestination(value))
      .catch(() => `/shipments?q=${encodeURIComponent(value)}`)
    setBusy(false)
    form.reset()
    navigate(destination)
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
          data-go-to
          type="search"
          placeholder="Go to container, B/L or reference"
          autoComplete="off"
          onFocus={() => void loadSearch().catch(() => undefined)}
        />
      </form>
    </search>
  )
}
