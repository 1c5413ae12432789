import { EMBED_SCOPE_KINDS, type EmbedToken } from '../../../contract/embed-tokens'
import { EmbedFieldGroups, EmbedScopeFields } from './embed-form-parts'
import { inDays } from './embed-form-schema'
import { SCOPE_WORDS } from './embed-words'
import { useEmbedForm } from './use-embed-form'

export function EmbedForm({
  unavailable,
  onCreated,
}: {
  unavailable?: string
  onCreated: (token: EmbedToken) => void
}) {
  const form = useEmbedForm(onCreated)
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="scope_kind">
          {(field) => (
            <field.SelectField
              label="Shows"
              options={EMBED_SCOPE_KINDS.map((kind) => ({ value: kind, label: SCOPE_WORDS[kind] }))}
            />
          )}
        </form.AppField>
        <EmbedScopeFields form={form} />
        <EmbedFieldGroups form={form} />
        <form.AppField name="allowed_origins">
          {(field) => (
            <field.ListField
              label="Sites that may show it"
              hint="Origins, comma-separated, like https://portal.example.com"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="expires_on">
          {(field) => <field.TextField label="Works until" type="date" min={inDays(1)} max={inDays(730)} />}
        </form.AppField>
        <form.FormFooter label="Create token" busyLabel="Creating…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}
