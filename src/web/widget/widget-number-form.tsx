import { useState } from 'react'
import type { WidgetMessages } from './widget-messages'

export function NumberForm({
  m,
  initial,
  onSubmit,
}: {
  m: WidgetMessages
  initial: string
  onSubmit: (n: string) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <form
      className="number-form"
      part="search"
      onSubmit={(event) => {
        event.preventDefault()
        if (value.trim()) onSubmit(value.trim().toUpperCase())
      }}
    >
      <label htmlFor="quayside-number">{m.t('errorNumber')}</label>
      <div className="row">
        <input
          id="quayside-number"
          part="input"
          value={value}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" part="button">
          {m.t('track')}
        </button>
      </div>
    </form>
  )
}
