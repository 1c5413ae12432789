import type { AlertRule } from '../../../contract/alerts'
import { ConditionFields, ScopeFields } from './alert-condition-fields'
import { DeliveryFields } from './alert-delivery-fields'
import { ChannelFields, RecipientFields } from './alert-recipient-fields'
import { AlertRulePreview } from './alert-rule-preview'
import { useAlertRuleForm } from './use-alert-rule-form'

export function AlertRuleForm(props: {
  rule?: AlertRule
  unavailable?: string
  onSaved: (rule: AlertRule) => void
  onCancel: () => void
}) {
  const { rule, unavailable, onSaved, onCancel } = props
  const form = useAlertRuleForm(rule, onSaved)
  return (
    <div className="alert-rule-editor">
      <form.AppForm>
        <form.Form>
          <form.AppField name="name">
            {(field) => (
              <field.TextField
                label="Name"
                hint="Said in every message, e.g. “Northwind: last free day close”."
                autoComplete="off"
                maxLength={120}
              />
            )}
          </form.AppField>
          <ConditionFields form={form} />
          <ScopeFields form={form} />
          <RecipientFields form={form} />
          <ChannelFields form={form} chatHint={rule?.attributes.chat_webhook_hint} />
          <DeliveryFields form={form} />
          <form.Field name="enabled">
            {(field) => (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={field.state.value}
                  onChange={(event) => field.handleChange(event.target.checked)}
                />{' '}
                Enabled: watch for this now
              </label>
            )}
          </form.Field>
          <form.FormFooter
            label={rule ? 'Save changes' : 'Create rule'}
            busyLabel="Saving…"
            unavailable={unavailable}
          >
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          </form.FormFooter>
        </form.Form>
      </form.AppForm>
      <form.Subscribe selector={(state) => state.values}>
        {(values) => <AlertRulePreview values={values} />}
      </form.Subscribe>
    </div>
  )
}
