import { useStore } from '@tanstack/react-form'
import { WebhookHeaderNameSchema, WebhookHeaderValueSchema } from '../../../contract/webhooks'
import { withForm } from '../../components/form/app-form'
import { firstIssueWords } from '../../components/form/issue-words'
import { webhookFormValues } from './use-webhook-form'

const NAME_WORDS = 'A header name uses letters, digits and dashes, and not one Quayside sets'

const HeaderInput = withForm({
  defaultValues: webhookFormValues(),
  props: { index: 0, part: 'name' as 'name' | 'value' },
  render: function HeaderInput({ form, index, part }) {
    const label = `Header ${index + 1} ${part}`
    const id = `header-${index}-${part}`
    return (
      <form.Field
        name={`headers[${index}].${part}`}
        validators={{ onSubmit: part === 'name' ? WebhookHeaderNameSchema : WebhookHeaderValueSchema }}
      >
        {(field) => {
          const words = part === 'name' ? NAME_WORDS : undefined
          const problem = firstIssueWords(field.state.meta.errors, label, words)
          return (
            <div className="field">
              <label htmlFor={id}>{part === 'name' ? 'Name' : 'Value'}</label>
              <input
                id={id}
                aria-label={label}
                className="mono"
                value={String(field.state.value ?? '')}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
              {problem ? (
                <p id={`${id}-error`} className="field-error">
                  {problem}
                </p>
              ) : null}
            </div>
          )
        }}
      </form.Field>
    )
  },
})

export const WebhookHeaderRows = withForm({
  defaultValues: webhookFormValues(),
  render: function WebhookHeaderRows({ form }) {
    const headerCount = useStore(form.store, (state) => state.values.headers.length)
    return (
      <fieldset className="header-rows">
        <legend>Custom headers ({headerCount})</legend>
        <p className="hint">
          Sent with every delivery, for example a token your endpoint checks. Printable ASCII only.
        </p>
        <form.Field name="headers" mode="array">
          {(list) => (
            <>
              {list.state.value.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
                <div className="inline header-row" key={index}>
                  <HeaderInput form={form} index={index} part="name" />
                  <HeaderInput form={form} index={index} part="value" />
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Remove header ${index + 1}`}
                    onClick={() => list.removeValue(index)}
                  >
                    Remove
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="secondary"
                disabled={list.state.value.length >= 20}
                onClick={() => list.pushValue({ name: '', value: '' })}
              >
                Add a header
              </button>
            </>
          )}
        </form.Field>
      </fieldset>
    )
  },
})
