import { type FormEvent, useState } from 'react'
import type { Definition } from '../../components/custom-fields/field-values'

const HINTS: Record<string, string> = {
  number: 'A number, or a range such as 10..250 (either side may be left open)',
  date: 'A date, or a range such as 2026-03-01..2026-03-31',
  datetime: 'A range of instants, such as 2026-03-01T00:00:00Z..',
  boolean: 'true or false',
}

function ValueInput({ definition }: { definition: Definition | undefined }) {
  const type = definition?.attributes.data_type ?? ''
  const slug = definition?.attributes.api_slug
  const name = definition?.attributes.display_name ?? slug ?? 'Custom field'
  return (
    <>
      {type === 'enum' || type === 'enum_multi' ? (
        <select
          key={slug}
          name="value"
          aria-label={`${name} is any of`}
          multiple
          size={Math.min(4, definition?.options.length ?? 1)}
        >
          {definition?.options.map((o) => (
            <option key={o.id} value={o.attributes.value}>
              {o.attributes.label}
            </option>
          ))}
        </select>
      ) : type === 'boolean' ? (
        <select key={slug} name="value" aria-label={`${name} is`}>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      ) : (
        <input
          key={slug}
          name="value"
          aria-label={`${name} value`}
          placeholder={HINTS[type] ?? 'The exact value'}
          title={HINTS[type] ?? 'The exact value'}
        />
      )}
    </>
  )
}

function ActiveFilters({
  definitions,
  active,
  onRemove,
}: {
  definitions: Definition[]
  active: Record<string, string>
  onRemove: (slug: string) => void
}) {
  return Object.keys(active).length > 0 ? (
    <ul className="tags" aria-label="Custom field filters">
      {Object.entries(active).map(([key, value]) => {
        const name = definitions.find((d) => d.attributes.api_slug === key)?.attributes.display_name ?? key
        return (
          <li key={key}>
            <button type="button" className="secondary" onClick={() => onRemove(key)}>
              {name}: {value} <span aria-hidden="true">×</span>
              <span className="visually-hidden"> (remove this filter)</span>
            </button>
          </li>
        )
      })}
    </ul>
  ) : null
}

export function CustomFieldFilter({
  definitions,
  active,
  onChange,
}: {
  definitions: Definition[]
  active: Record<string, string>
  onChange: (slug: string, value: string | undefined) => void
}) {
  const [slug, setSlug] = useState<string>()
  // the definitions often arrive after the first render: until a field is picked, the first one shown is the one meant
  const definition = definitions.find((d) => d.attributes.api_slug === slug) ?? definitions[0]
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const chosen = data.getAll('value').map(String).filter(Boolean)
    if (definition) onChange(definition.attributes.api_slug, chosen.join(',') || undefined)
  }
  if (definitions.length === 0) return null
  return (
    <div className="custom-filter">
      <form className="inline" onSubmit={apply} aria-label="Filter by a custom field">
        <label htmlFor="cf-field">Custom field</label>
        <select
          id="cf-field"
          value={definition?.attributes.api_slug}
          onChange={(event) => setSlug(event.target.value)}
        >
          {definitions.map((d) => (
            <option key={d.id} value={d.attributes.api_slug}>
              {d.attributes.display_name}
            </option>
          ))}
        </select>
        <ValueInput definition={definition} />
        <button type="submit" className="secondary">
          Filter
        </button>
      </form>
      <ActiveFilters
        definitions={definitions}
        active={active}
        onRemove={(slug) => onChange(slug, undefined)}
      />
    </div>
  )
}
