import type { z } from 'zod/mini'
import type { WebhookEventCategoryListDocumentSchema } from '../../../contract/webhooks'

type Categories = z.infer<typeof WebhookEventCategoryListDocumentSchema>['data']

export function WebhookEventsField(props: {
  categories: Categories
  value: string[]
  onChange: (events: string[]) => void
  problem?: string
}) {
  const { categories, value, onChange, problem } = props
  const chosen = new Set(value)
  const toggle = (names: string[], on: boolean) => {
    const next = new Set(chosen)
    for (const name of names)
      if (on) next.add(name)
      else next.delete(name)
    onChange([...next])
  }
  return (
    <fieldset className="event-picker" aria-describedby={problem ? 'webhook-events-error' : undefined}>
      <legend>
        Events <span className="muted">({value.length} chosen)</span>
      </legend>
      {categories.map((category) => {
        const names = category.attributes.events.map((e) => e.name)
        const count = names.filter((name) => chosen.has(name)).length
        return (
          <details key={category.id} open={count > 0}>
            <summary>
              {category.attributes.name}{' '}
              <span className="muted">
                ({count} of {names.length})
              </span>
            </summary>
            <label className="check">
              <input
                type="checkbox"
                checked={count === names.length}
                ref={(box) => {
                  if (box) box.indeterminate = count > 0 && count < names.length
                }}
                onChange={(event) => toggle(names, event.target.checked)}
              />
              Select all in {category.attributes.name.toLowerCase()}
            </label>
            <ul className="plain event-list">
              {category.attributes.events.map((event) => (
                <li key={event.name}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={chosen.has(event.name)}
                      onChange={(change) => toggle([event.name], change.target.checked)}
                    />
                    <span className="mono">{event.name}</span>
                    {event.description ? <span className="small muted"> — {event.description}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        )
      })}
      {problem ? (
        <p id="webhook-events-error" className="field-error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
