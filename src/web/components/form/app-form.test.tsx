// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SignInSchema } from '../../../contract/session'
import { ApiError } from '../../api/api-error'
import { showServerProblems, useAppForm } from './app-form'

/** A form on the shared layer whose submission fails as the server says. */
function Example({ failure }: { failure: unknown }) {
  const form = useAppForm({
    defaultValues: { apiKey: '' },
    validators: { onSubmit: SignInSchema },
    onSubmit: async ({ formApi }) => showServerProblems(formApi, failure),
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="apiKey">
          {(field) => <field.TextField label="API key" words="Enter your API key" />}
        </form.AppField>
        <form.FormFooter label="Sign in" busyLabel="Signing in…" />
      </form.Form>
    </form.AppForm>
  )
}

const unprocessable = (pointer: string, detail: string) =>
  new ApiError(422, [{ title: 'Unprocessable Entity', detail, pointer }], 'POST /session')

describe('forms on the shared layer', () => {
  afterEach(cleanup)

  it("checks the contract's schema before sending, in the field's own words", async () => {
    render(<Example failure={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const input = screen.getByLabelText('API key')
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your API key',
    )
  })

  it('puts a 422 on the field its source.pointer names, and clears it when the value changes', async () => {
    render(<Example failure={unprocessable('/apiKey', 'That API key was not accepted')} />)
    const input = screen.getByLabelText('API key')
    fireEvent.change(input, { target: { value: 'long-enough-key' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByText('That API key was not accepted')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: 'another-long-key' } })
    await waitFor(() => expect(screen.queryByText('That API key was not accepted')).toBeNull())
  })

  it('shows a problem that names no field above the button', async () => {
    render(<Example failure={unprocessable('/data/relationships/x', 'The account is closed')} />)
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'long-enough-key' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByText('The account is closed')).closest('[role="alert"]')).not.toBeNull()
  })
})
