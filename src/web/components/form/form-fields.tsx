import { createFormHookContexts, useStore } from '@tanstack/react-form'
import type { ComponentProps, ReactNode } from 'react'
import { issueWords } from './issue-words'

const contexts = createFormHookContexts()
export const { fieldContext, formContext } = contexts
const { useFieldContext, useFormContext } = contexts

type FieldProps = {
  label: string
  hint?: ReactNode
  words?: string
}

function useFieldProblem(label: string, words?: string) {
  const field = useFieldContext<unknown>()
  const errors = useStore(field.store, (state) => state.meta.errors)
  const id = `${field.form.formId}-${field.name}`
  const problem = errors.length > 0 ? issueWords(errors[0] as string, label, words) : undefined
  return { field, id, problem }
}

function FieldFrame(props: {
  id: string
  label: string
  hint?: ReactNode
  problem?: string
  children: ReactNode
}) {
  const { id, label, hint, problem, children } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children}
      {problem ? (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, hint: unknown, problem: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ')
  return { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': ids || undefined }
}

/** A change clears the server's word on the field: it was about the value that is gone. */
function useChange<T>() {
  const field = useFieldContext<T>()
  return (value: T) => {
    field.handleChange(value)
    if (field.state.meta.errorMap.onServer)
      field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  }
}

export function TextField({
  label,
  hint,
  words,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id'>) {
  const { field, id, problem } = useFieldProblem(label, words)
  const change = useChange<string>()
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={problem}>
      <input
        {...input}
        {...describedBy(id, hint, problem)}
        name={field.name}
        value={String(field.state.value ?? '')}
        onChange={(event) => change(event.target.value)}
        onBlur={field.handleBlur}
      />
    </FieldFrame>
  )
}

export function ListField({
  label,
  hint,
  words,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id'>) {
  const { field, id, problem } = useFieldProblem(label, words)
  const change = useChange<string[]>()
  const value = (field.state.value as string[] | undefined) ?? []
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={problem}>
      <input
        {...input}
        {...describedBy(id, hint, problem)}
        name={field.name}
        defaultValue={value.join(', ')}
        onChange={(event) =>
          change(
            event.target.value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          )
        }
        onBlur={field.handleBlur}
      />
    </FieldFrame>
  )
}

export function SelectField({
  label,
  hint,
  words,
  options,
}: FieldProps & { options: { value: string; label: string }[] }) {
  const { field, id, problem } = useFieldProblem(label, words)
  const change = useChange<string>()
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={problem}>
      <select
        {...describedBy(id, hint, problem)}
        name={field.name}
        value={String(field.state.value ?? '')}
        onChange={(event) => change(event.target.value)}
        onBlur={field.handleBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

/** Submits through the form library, so the schema checks it first, never the browser. */
export function Form({ children }: { children: ReactNode }) {
  const form = useFormContext()
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {children}
    </form>
  )
}

export function FormFooter({
  label,
  busyLabel,
  unavailable,
  children,
}: {
  label: string
  busyLabel: string
  unavailable?: string
  children?: ReactNode
}) {
  const form = useFormContext()
  const { submitting, general, invalid } = useStore(form.store, (state) => ({
    submitting: state.isSubmitting,
    general: state.errorMap.onServer as string | undefined,
    invalid: state.submissionAttempts > 0 && !state.isFieldsValid,
  }))
  return (
    <>
      {general ? (
        <div className="error-panel" role="alert">
          <p>{general}</p>
        </div>
      ) : null}
      {invalid ? (
        <p className="visually-hidden" role="alert">
          The form has problems: the fields marked say what to change.
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" disabled={submitting || Boolean(unavailable)}>
          {submitting ? busyLabel : label}
        </button>
        {unavailable ? <span className="muted">{unavailable}</span> : null}
        {children}
      </div>
    </>
  )
}
