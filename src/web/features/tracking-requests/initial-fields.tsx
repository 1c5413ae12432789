import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod/mini'
import type { CustomFieldValueSchema } from '../../../contract/custom-fields'
import { customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { FieldInput } from '../../components/custom-fields/field-input'
import { withOptions } from '../../components/custom-fields/field-values'
import { viewerZone } from '../../components/time/time-zone-setting'

type Value = z.infer<typeof CustomFieldValueSchema>
export type InitialValues = Map<string, Value>

/** Carried over to the shipment once the line finds it (`initial_custom_fields`). */
export function InitialFields({ values }: { values: InitialValues }) {
  const definitions = useQuery(customFieldQueries.definitions())
  const [, rerender] = useState(0)
  const fields = definitions.data
    ? withOptions(definitions.data).filter((d) => d.attributes.entity_type === 'Shipment')
    : []
  if (fields.length === 0) return null
  return (
    <fieldset className="initial-fields">
      <legend>Custom fields (optional)</legend>
      <p className="muted small">Set now, they are on the shipment as soon as it is found.</p>
      {fields.map((definition) => (
        <div key={definition.id} className="field">
          <label htmlFor={`field-${definition.id}`}>{definition.attributes.display_name}</label>
          <FieldInput
            definition={definition}
            value={values.get(definition.attributes.api_slug) ?? null}
            zone={viewerZone()}
            onSave={(value) => {
              if (value === null) values.delete(definition.attributes.api_slug)
              else values.set(definition.attributes.api_slug, value as Value)
              rerender((n) => n + 1)
            }}
          />
        </div>
      ))}
    </fieldset>
  )
}

export const initialCustomFields = (values: InitialValues) =>
  values.size === 0
    ? {}
    : { initial_custom_fields: { shipment: [...values].map(([api_slug, value]) => ({ api_slug, value })) } }
