import { type AnyFormApi, createFormHook } from '@tanstack/react-form'
import { Form, FormFooter, fieldContext, formContext, ListField, SelectField, TextField } from './form-fields'
import { serverProblems } from './server-problems'

/**
 * The dashboard's forms: TanStack Form with the contract's zod schemas as validators (zod 4 schemas are
 * Standard Schemas, so no adapter), and the shared fields. A page writes
 * `useAppForm({ defaultValues, validators: { onSubmit: Schema }, onSubmit })`, then inside
 * `<form.AppForm><form.Form>…<form.FormFooter label="Save" busyLabel="Saving…" /></form.Form></form.AppForm>`
 * a field each: `<form.AppField name="x">{(field) => <field.TextField label="X" />}</form.AppField>`.
 * A part of a long form is `withForm({ defaultValues, props, render })`, given the form as `form={form}`.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, ListField, SelectField },
  formComponents: { Form, FormFooter },
})

/**
 * Shows a failed submission on the form: a 422's problems on the fields their `source.pointer` names,
 * the rest (and any other failure) above the submit button. Call it from `onSubmit`'s catch.
 */
export function showServerProblems(form: AnyFormApi, error: unknown) {
  const { fields, general } = serverProblems(error, Object.keys(form.state.values ?? {}))
  for (const [name, text] of Object.entries(fields))
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: text } }))
  form.setErrorMap({ onServer: general.length > 0 ? general.join(' ') : undefined })
}
