import { useQuery } from '@tanstack/react-query'
import { ALERT_CHANNELS, type AlertChannel } from '../../../contract/alerts'
import { withForm } from '../../components/form/app-form'
import { firstIssueWords } from '../../components/form/issue-words'
import { EMPTY_RULE } from './alert-condition-fields'
import { alertRuleQueries } from './alert-rule-queries'
import { CHANNEL_WORDS } from './alert-words'

const toggled = <T,>(list: T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)

/** Only people who can sign in receive alerts: a connected account's named users cannot. */
export const RecipientFields = withForm({
  defaultValues: EMPTY_RULE,
  render: function RecipientFields({ form }) {
    const people = useQuery(alertRuleQueries.people())
    const persons = (people.data?.data ?? []).filter((u) => u.attributes.role)
    return (
      <fieldset>
        <legend>Tell</legend>
        <form.Field name="recipientUserIds">
          {(field) => (
            <fieldset className="field plain-group">
              <legend className="field-label">People of the account</legend>
              {people.error ? (
                <p className="field-error">The people could not be loaded: addresses below still work.</p>
              ) : null}
              <div className="alert-choices">
                {persons.map((user) => {
                  const name = [user.attributes.first_name, user.attributes.last_name]
                    .filter(Boolean)
                    .join(' ')
                  return (
                    <label key={user.id} className="checkbox">
                      <input
                        type="checkbox"
                        checked={field.state.value.includes(user.id)}
                        onChange={(event) =>
                          field.handleChange(toggled(field.state.value, user.id, event.target.checked))
                        }
                      />{' '}
                      {name || user.attributes.email}{' '}
                      <span className="muted small">{user.attributes.email}</span>
                    </label>
                  )
                })}
              </div>
              {field.state.meta.errors.length > 0 ? (
                <p className="field-error">{firstIssueWords(field.state.meta.errors, 'people')}</p>
              ) : null}
            </fieldset>
          )}
        </form.Field>
        <form.AppField name="recipientEmails">
          {(field) => (
            <field.TextField
              label="Other email addresses"
              hint="Separated by commas; each can unsubscribe from the link in every message."
              inputMode="email"
              autoComplete="off"
            />
          )}
        </form.AppField>
      </fieldset>
    )
  },
})

export const ChannelFields = withForm({
  defaultValues: EMPTY_RULE,
  props: { chatHint: undefined as string | null | undefined },
  render: function ChannelFields({ form, chatHint }) {
    return (
      <fieldset>
        <legend>How</legend>
        <form.Field
          name="channels"
          validators={{
            onSubmit: ({ value }) => (value.length === 0 ? 'Choose at least one channel' : undefined),
          }}
        >
          {(field) => (
            <fieldset className="field plain-group">
              <legend className="field-label">Channels</legend>
              <div className="alert-choices">
                {ALERT_CHANNELS.map((channel: AlertChannel) => (
                  <label key={channel} className="checkbox">
                    <input
                      type="checkbox"
                      checked={field.state.value.includes(channel)}
                      onChange={(event) =>
                        field.handleChange(toggled(field.state.value, channel, event.target.checked))
                      }
                    />{' '}
                    <span aria-hidden="true">{CHANNEL_WORDS[channel].icon}</span>{' '}
                    {CHANNEL_WORDS[channel].label}
                  </label>
                ))}
              </div>
              {field.state.meta.errors.length > 0 ? (
                <p className="field-error">{firstIssueWords(field.state.meta.errors, 'channels')}</p>
              ) : null}
            </fieldset>
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.channels.includes('chat')}>
          {(chat) =>
            chat ? (
              <form.AppField name="chatWebhookUrl">
                {(field) => (
                  <field.TextField
                    label={chatHint ? 'Replace the chat webhook URL' : 'Chat webhook URL'}
                    hint={
                      chatHint
                        ? `Now ${chatHint}. The URL is a secret and is never shown again; leave this blank to keep it.`
                        : 'A Slack- or Teams-compatible incoming webhook. It is kept secret: only its host and last characters are shown after saving.'
                    }
                    className="mono"
                    inputMode="url"
                    autoComplete="off"
                  />
                )}
              </form.AppField>
            ) : null
          }
        </form.Subscribe>
      </fieldset>
    )
  },
})
