import { useQuery } from '@tanstack/react-query'
import { ALERT_CONDITION_KINDS, ALERT_CONDITIONS, type AlertConditionKind } from '../../../contract/alerts'
import { referenceQueries } from '../../api/reference-queries'
import { customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { withForm } from '../../components/form/app-form'
import { alertRuleQueries } from './alert-rule-queries'
import { alertRuleFormValues, type ScopeKind } from './alert-rule-values'

export const EMPTY_RULE = alertRuleFormValues(undefined, { timeZone: 'UTC' })

const CONDITION_OPTIONS = ALERT_CONDITION_KINDS.map((kind) => ({
  value: kind,
  label: ALERT_CONDITIONS[kind].label,
}))

const SCOPE_OPTIONS: { value: ScopeKind; label: string }[] = [
  { value: 'all', label: 'Every container' },
  { value: 'customer', label: 'One customer' },
  { value: 'terminal', label: 'One terminal' },
  { value: 'tag', label: 'A tag' },
  { value: 'custom_field', label: 'A custom field value' },
]

/** The condition and its one number; choosing another condition starts its number at its default. */
export const ConditionFields = withForm({
  defaultValues: EMPTY_RULE,
  render: function ConditionFields({ form }) {
    return (
      <fieldset>
        <legend>When</legend>
        <form.AppField
          name="conditionKind"
          listeners={{
            onChange: ({ value }) => {
              const parameter = ALERT_CONDITIONS[value as AlertConditionKind]?.parameter
              form.setFieldValue('parameter', parameter ? String(parameter.default) : '')
            },
          }}
        >
          {(field) => <field.SelectField label="Condition" options={CONDITION_OPTIONS} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.conditionKind}>
          {(kind) => {
            const parameter = ALERT_CONDITIONS[kind]?.parameter
            if (!parameter) return null
            return (
              <form.AppField name="parameter">
                {(field) => (
                  <field.TextField
                    label={parameter.name === 'days' ? 'Days (N)' : 'Hours (N)'}
                    hint={`From ${parameter.min} to ${parameter.max}; ${parameter.default} if you are unsure.`}
                    type="number"
                    inputMode="numeric"
                    min={parameter.min}
                    max={parameter.max}
                  />
                )}
              </form.AppField>
            )
          }}
        </form.Subscribe>
      </fieldset>
    )
  },
})

function ScopeValue({ form, kind }: { form: Parameters<typeof ScopeFields>[0]['form']; kind: ScopeKind }) {
  const customers = useQuery({ ...referenceQueries.customers(), enabled: kind === 'customer' })
  const terminals = useQuery({ ...alertRuleQueries.terminals(), enabled: kind === 'terminal' })
  const fields = useQuery({ ...customFieldQueries.definitions(), enabled: kind === 'custom_field' })
  const choose = (items: { value: string; label: string }[] | undefined, what: string) => [
    { value: '', label: items ? `Choose a ${what}` : 'Loading…' },
    ...(items ?? []),
  ]
  if (kind === 'customer')
    return (
      <form.AppField name="partyId">
        {(field) => (
          <field.SelectField
            label="Customer"
            options={choose(
              customers.data?.data.map((p) => ({ value: p.id, label: p.attributes.company_name ?? p.id })),
              'customer',
            )}
          />
        )}
      </form.AppField>
    )
  if (kind === 'terminal')
    return (
      <form.AppField name="terminalId">
        {(field) => (
          <field.SelectField
            label="Terminal"
            hint="The terminals your containers are discharged at."
            options={choose(
              terminals.data?.map((t) => ({ value: t.id, label: t.name })),
              'terminal',
            )}
          />
        )}
      </form.AppField>
    )
  if (kind === 'tag')
    return (
      <form.AppField name="tag">
        {(field) => (
          <field.TextField label="Tag" hint="A shipment tag, exactly as written." autoComplete="off" />
        )}
      </form.AppField>
    )
  if (kind !== 'custom_field') return null
  return (
    <>
      <form.AppField name="fieldName">
        {(field) => (
          <field.SelectField
            label="Custom field"
            options={choose(
              fields.data?.data.map((d) => ({
                value: d.attributes.api_slug,
                label: `${d.attributes.display_name ?? d.attributes.api_slug} (${d.attributes.entity_type ?? 'field'})`,
              })),
              'field',
            )}
          />
        )}
      </form.AppField>
      <form.AppField name="fieldValue">
        {(field) => <field.TextField label="Field value" autoComplete="off" />}
      </form.AppField>
    </>
  )
}

export const ScopeFields = withForm({
  defaultValues: EMPTY_RULE,
  render: function ScopeFields({ form }) {
    return (
      <fieldset>
        <legend>For</legend>
        <form.AppField name="scopeKind">
          {(field) => <field.SelectField label="Which containers" options={SCOPE_OPTIONS} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.scopeKind}>
          {(kind) => <ScopeValue form={form} kind={kind} />}
        </form.Subscribe>
      </fieldset>
    )
  },
})
