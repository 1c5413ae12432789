import { type FormEvent, useId } from 'react'
import { useNavigate } from 'react-router-dom'

/** Finds a container, bill of lading or reference number from anywhere. */
export function GoToBox() {
  const navigate = useNavigate()
  const id = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = String(new FormData(event.currentTarget).get('number') ?? '').trim()
    if (value) navigate(`/shipments?q=${encodeURIComponent(value)}`)
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
