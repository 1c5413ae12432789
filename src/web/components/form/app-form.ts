import { type AnyFormApi, createFormHook } from '@tanstack/react-form'
import { Form, FormFooter, fieldContext, formContext, ListField, SelectField, TextField } from './form-fields'
import { serverProblems } from './server-problems'

/** zod 4 schemas are Standard Schemas, so no adapter; see a feature's form for the pattern. */
export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, ListField, SelectField },
  formComponents: { Form, FormFooter },
})

/** A 422's problems go on the fields their `source.pointer` names, the rest above the submit button. */
export function showServerProblems(form: AnyFormApi, error: unknown) {
  const { fields, general } = serverProblems(error, Object.keys(form.state.values ?? {}))
  for (const [name, text] of Object.entries(fields))
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: text } }))
  form.setErrorMap({ onServer: general.length > 0 ? general.join(' ') : undefined })
}

/** Words of the page's own for a refusal, above the submit button. */
export const showFormProblem = (form: AnyFormApi, words: string) => form.setErrorMap({ onServer: words })
