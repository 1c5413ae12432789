import { useQuery } from '@tanstack/react-query'
import { EMBED_FIELD_GROUPS } from '../../../contract/embed-tokens'
import { referenceQueries } from '../../api/reference-queries'
import { withForm } from '../../components/form/app-form'
import { embedFormValues } from './embed-form-schema'
import { FIELD_WORDS } from './embed-words'

export const EmbedScopeFields = withForm({
  defaultValues: embedFormValues(),
  render: function EmbedScopeFields({ form }) {
    const customers = useQuery(referenceQueries.customers())
    return (
      <form.Subscribe selector={(state) => state.values.scope_kind}>
        {(kind) => (
          <>
            {kind === 'shipments' && (
              <form.AppField name="shipment_numbers">
                {(field) => (
                  <field.ListField
                    label="Bills of lading"
                    hint="Comma-separated"
                    autoComplete="off"
                    className="mono"
                  />
                )}
              </form.AppField>
            )}
            {kind === 'customer' && (
              <form.AppField name="customer_id">
                {(field) => (
                  <field.SelectField
                    label="Customer"
                    options={[
                      { value: '', label: customers.isPending ? 'Loading customers…' : 'Choose a customer' },
                      ...(customers.data?.data ?? []).map((party) => ({
                        value: party.id,
                        label: party.attributes.company_name ?? party.id,
                      })),
                    ]}
                  />
                )}
              </form.AppField>
            )}
            {kind === 'tag' && (
              <form.AppField name="tag">
                {(field) => <field.TextField label="Tag" autoComplete="off" />}
              </form.AppField>
            )}
          </>
        )}
      </form.Subscribe>
    )
  },
})

export const EmbedFieldGroups = withForm({
  defaultValues: embedFormValues(),
  render: function EmbedFieldGroups({ form }) {
    return (
      <form.Field name="fields">
        {(field) => (
          <fieldset>
            <legend>Also share</legend>
            <p className="muted small">
              Numbers, carrier, ports, dates and container status are always shown. Anything not ticked is
              left out of what the widget receives.
            </p>
            {EMBED_FIELD_GROUPS.map((group) => (
              <label key={group} className="checkbox">
                <input
                  type="checkbox"
                  checked={field.state.value.includes(group)}
                  onChange={(event) =>
                    field.handleChange(
                      event.target.checked
                        ? [...field.state.value, group]
                        : field.state.value.filter((value) => value !== group),
                    )
                  }
                />{' '}
                {FIELD_WORDS[group]}
              </label>
            ))}
          </fieldset>
        )}
      </form.Field>
    )
  },
})
