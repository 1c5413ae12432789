import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { CUSTOM_FIELD_DATA_TYPES } from '../../../contract/custom-fields'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { type Definition, slugFrom } from '../../components/custom-fields/field-values'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'

export const TYPE_WORDS: Record<string, string> = {
  short_text: 'Text',
  number: 'Number',
  date: 'Date',
  datetime: 'Date and time',
  boolean: 'Yes or no',
  enum: 'One of a list',
  enum_multi: 'Several of a list',
  reference: 'Reference to a record',
}

const NUMBER_FORMATS = [
  { value: '', label: 'As typed' },
  { value: 'integer', label: 'Whole number (1,250)' },
  { value: 'decimal:2', label: 'Two decimals (1,250.00)' },
  { value: 'percent', label: 'Percent (12.5%)' },
  { value: 'currency:USD', label: 'US dollars ($1,250.00)' },
  { value: 'currency:EUR', label: 'Euros (€1,250.00)' },
]
const DATE_FORMATS = [
  { value: '', label: 'Default' },
  { value: 'iso', label: 'ISO (2026-03-14)' },
  { value: 'short', label: 'Short (3/14/26)' },
  { value: 'medium', label: 'Medium (Mar 14, 2026)' },
  { value: 'long', label: 'Long (March 14, 2026)' },
]
const REFERENCE_TYPES = [
  { value: 'container', label: 'A container' },
  { value: 'shipment', label: 'A shipment' },
  { value: 'party', label: 'A customer' },
]

type Values = {
  display_name: string
  api_slug: string
  entity_type: string
  data_type: string
  description: string
  default_format: string
  reference_type: string
  min: string
  max: string
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text))

/** Only the settings the chosen type has. */
function attributesOf(values: Values, creating: boolean) {
  const type = values.data_type
  const [low, high] = type === 'number' ? ['min', 'max'] : ['min_length', 'max_length']
  const rules = Object.fromEntries(
    [
      [low, numberOrUndefined(values.min)],
      [high, numberOrUndefined(values.max)],
    ].filter(([, v]) => v !== undefined),
  )
  const hasRules = type === 'number' || type === 'short_text'
  const hasFormat = type === 'number' || type === 'date' || type === 'datetime'
  return {
    display_name: values.display_name.trim(),
    api_slug: values.api_slug.trim(),
    description: values.description.trim() || null,
    ...(creating ? { entity_type: values.entity_type, data_type: type } : {}),
    ...(hasFormat ? { default_format: values.default_format || null } : {}),
    ...(hasRules ? { validation: Object.keys(rules).length > 0 ? rules : null } : {}),
    ...(creating && type === 'reference' ? { reference_type: values.reference_type } : {}),
  }
}

function useDefinitionForm(definition: Definition | undefined, onDone: (id: string) => void) {
  const queryClient = useQueryClient()
  const a = definition?.attributes
  const rules = (a?.validation ?? {}) as Record<string, number | undefined>
  return useAppForm({
    defaultValues: {
      display_name: a?.display_name ?? '',
      api_slug: a?.api_slug ?? '',
      entity_type: a?.entity_type ?? 'Shipment',
      data_type: a?.data_type ?? 'short_text',
      description: a?.description ?? '',
      default_format: a?.default_format ?? '',
      reference_type: a?.reference_type ?? 'container',
      min: String(rules.min ?? rules.min_length ?? ''),
      max: String(rules.max ?? rules.max_length ?? ''),
    } as Values,
    onSubmit: async ({ value, formApi }) => {
      try {
        const attributes = attributesOf(value, !definition)
        const saved = definition
          ? await customFieldApi.updateDefinition(definition.id, attributes)
          : await customFieldApi.createDefinition(attributes)
        await queryClient.invalidateQueries({ queryKey: customFieldQueries.all() })
        showToast({ tone: 'done', text: `${attributes.display_name} saved.` })
        onDone(saved.data.id)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
}

type DefinitionFormApi = ReturnType<typeof useDefinitionForm>

/** Fixed (and said) when editing. */
function KindFields({ form, definition }: { form: DefinitionFormApi; definition?: Definition }) {
  const a = definition?.attributes
  return definition ? (
    <p>
      {TYPE_WORDS[a?.data_type ?? ''] ?? a?.data_type} field on{' '}
      {a?.entity_type === 'Container' ? 'containers' : 'shipments'}
    </p>
  ) : (
    <>
      <form.AppField name="entity_type">
        {(field) => (
          <field.SelectField
            label="Applies to"
            options={[
              { value: 'Shipment', label: 'Shipments' },
              { value: 'Container', label: 'Containers' },
            ]}
          />
        )}
      </form.AppField>
      <form.AppField name="data_type">
        {(field) => (
          <field.SelectField
            label="Type"
            options={CUSTOM_FIELD_DATA_TYPES.map((t) => ({ value: t, label: TYPE_WORDS[t] }))}
          />
        )}
      </form.AppField>
    </>
  )
}

function TypeSettings({
  form,
  type,
  definition,
}: {
  form: DefinitionFormApi
  type: string
  definition?: Definition
}) {
  return (
    <>
      {type === 'number' || type === 'date' || type === 'datetime' ? (
        <form.AppField name="default_format">
          {(field) => (
            <field.SelectField label="Shown as" options={type === 'number' ? NUMBER_FORMATS : DATE_FORMATS} />
          )}
        </form.AppField>
      ) : null}
      {type === 'number' || type === 'short_text' ? (
        <div className="inline">
          <form.AppField name="min">
            {(field) => (
              <field.TextField
                label={type === 'number' ? 'Smallest value' : 'Fewest characters'}
                inputMode="decimal"
              />
            )}
          </form.AppField>
          <form.AppField name="max">
            {(field) => (
              <field.TextField
                label={type === 'number' ? 'Largest value' : 'Most characters'}
                inputMode="decimal"
              />
            )}
          </form.AppField>
        </div>
      ) : null}
      {type === 'reference' && !definition ? (
        <form.AppField name="reference_type">
          {(field) => <field.SelectField label="Refers to" options={REFERENCE_TYPES} />}
        </form.AppField>
      ) : null}
      {type === 'enum' || type === 'enum_multi' ? (
        <p className="muted">
          {definition ? 'Its options are below.' : 'Add its options once it is created.'}
        </p>
      ) : null}
    </>
  )
}

/** The API slug follows the name until someone edits it, and is fixed once the field holds a value. */
export function DefinitionForm({
  definition,
  onDone,
}: {
  definition?: Definition
  onDone: (id: string) => void
}) {
  const a = definition?.attributes
  const slugFixed = (a?.value_count ?? 0) > 0
  const form = useDefinitionForm(definition, onDone)
  const slugTouched = useStore(form.store, (s) => s.fieldMeta.api_slug?.isDirty ?? false)
  const type = useStore(form.store, (s) => s.values.data_type)
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField
          name="display_name"
          validators={{ onSubmit: ({ value }) => (value.trim() ? undefined : 'Give the field a name') }}
          listeners={{
            onChange: ({ value }) => {
              if (!definition && !slugTouched)
                form.setFieldValue('api_slug', slugFrom(value), { dontUpdateMeta: true })
            },
          }}
        >
          {(field) => <field.TextField label="Name" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="api_slug">
          {(field) => (
            <field.TextField
              label="API slug"
              className="mono"
              readOnly={slugFixed}
              hint={
                slugFixed
                  ? `Fixed: ${a?.value_count} value${a?.value_count === 1 ? '' : 's'} use it, and API clients name the field by it.`
                  : 'How the API names the field: lower-case letters, digits and underscores. It follows the name until you edit it.'
              }
            />
          )}
        </form.AppField>
        <KindFields form={form} definition={definition} />
        <TypeSettings form={form} type={type} definition={definition} />
        <form.AppField name="description">
          {(field) => <field.TextField label="Description (optional)" />}
        </form.AppField>
        <form.FormFooter label={definition ? 'Save field' : 'Create field'} busyLabel="Saving…" />
      </form.Form>
    </form.AppForm>
  )
}
