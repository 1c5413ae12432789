import { withForm } from '../../components/form/app-form'
import { confidenceWords, FIELDS, formValues, type ReadValue } from './payload-fields'

function FieldSource({
  place,
  corrected,
  readAs,
}: {
  place?: ReadValue
  corrected: boolean
  readAs?: unknown
}) {
  if (corrected)
    return (
      <span className="field-source">
        <span aria-hidden="true">✎ </span>Corrected by a person
        {readAs ? (
          <span className="muted">
            ; read as {Array.isArray(readAs) ? readAs.join(', ') : String(readAs)}
          </span>
        ) : null}
      </span>
    )
  if (!place) return <span className="field-source muted">Not found in the document</span>
  return (
    <span className="field-source">
      Read on page {place.page}, {confidenceWords(place.confidence)}
    </span>
  )
}

/** Focusing it marks that place in the preview. */
export const ExtractedField = withForm({
  defaultValues: formValues(undefined, undefined),
  props: {
    spec: FIELDS[0],
    place: undefined as ReadValue | undefined,
    corrected: false,
    readAs: undefined as unknown,
    pointed: false,
    onPoint: (_key: string | undefined) => {},
  },
  render: function ExtractedField({ form, spec: f, place, corrected, readAs, pointed, onPoint }) {
    const key = f.name
    const point = () => onPoint(place ? key : undefined)
    const hint = <FieldSource place={place} corrected={corrected} readAs={readAs} />
    return (
      <div className={pointed ? 'extracted-field pointed' : 'extracted-field'}>
        <form.AppField name={f.name}>
          {(field) =>
            'list' in f && f.list ? (
              <field.ListField
                label={f.label}
                hint={hint}
                className="mono"
                autoComplete="off"
                onFocus={point}
              />
            ) : (
              <field.TextField
                label={f.label}
                hint={hint}
                type={'date' in f && f.date ? 'date' : 'text'}
                autoComplete="off"
                onFocus={point}
              />
            )
          }
        </form.AppField>
        {place ? (
          <button
            type="button"
            className="link-button small"
            aria-pressed={pointed}
            onClick={() => onPoint(pointed ? undefined : key)}
          >
            {pointed ? 'Hide mark' : `Show where on page ${place.page}`}
            <span className="visually-hidden"> ({f.label})</span>
          </button>
        ) : null}
      </div>
    )
  },
})
