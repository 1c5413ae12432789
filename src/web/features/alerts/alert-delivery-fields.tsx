import { useMemo } from 'react'
import { withForm } from '../../components/form/app-form'
import { firstIssueWords } from '../../components/form/issue-words'
import { zoneOptions } from '../../components/time/zone-options'
import { EMPTY_RULE } from './alert-condition-fields'
import { MuteTimesEditor } from './mute-times-editor'

const DELIVERY_OPTIONS = [
  { value: 'immediate', label: 'At once' },
  { value: 'digest', label: 'In a daily digest' },
]

export const DeliveryFields = withForm({
  defaultValues: EMPTY_RULE,
  render: function DeliveryFields({ form }) {
    const zones = useMemo(() => zoneOptions(), [])
    return (
      <fieldset>
        <legend>Delivery</legend>
        <form.AppField name="delivery">
          {(field) => <field.SelectField label="Send" options={DELIVERY_OPTIONS} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.delivery}>
          {(delivery) =>
            delivery === 'digest' ? (
              <form.AppField name="digestTime">
                {(field) => (
                  <field.TextField
                    label="Digest time"
                    hint="Each person's own time zone; the rule's for email addresses."
                    type="time"
                  />
                )}
              </form.AppField>
            ) : (
              <form.AppField name="groupWaitSeconds">
                {(field) => (
                  <field.TextField
                    label="Group wait (seconds)"
                    hint="Alerts within this wait go out as one message, so ten containers discharged together make one."
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={3600}
                  />
                )}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.AppField name="repeatIntervalHours">
          {(field) => (
            <field.TextField
              label="Repeat every (hours)"
              hint="Blank: a container fires again only after the condition clears and comes back."
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
            />
          )}
        </form.AppField>
        <form.AppField name="timeZone">
          {(field) => <field.SelectField label="The rule's time zone" options={zones} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.timeZone}>
          {(zone) => (
            <form.Field name="muteTimes">
              {(field) => (
                <MuteTimesEditor
                  value={field.state.value}
                  onChange={field.handleChange}
                  zone={zone}
                  problem={firstIssueWords(field.state.meta.errors, 'quiet times')}
                />
              )}
            </form.Field>
          )}
        </form.Subscribe>
      </fieldset>
    )
  },
})
