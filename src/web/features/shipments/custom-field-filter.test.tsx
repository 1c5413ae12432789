// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Definition } from '../../components/custom-fields/field-values'
import { CustomFieldFilter } from './custom-field-filter'

const definition = (slug: string, name: string): Definition =>
  ({
    id: slug,
    type: 'custom_field_definition',
    attributes: { api_slug: slug, display_name: name, data_type: 'text' },
    options: [],
  }) satisfies Definition

describe('filtering by a custom field', () => {
  afterEach(cleanup)

  it('filters by the field shown first when the definitions arrive after the first render', () => {
    const onChange = vi.fn()
    const { rerender } = render(<CustomFieldFilter definitions={[]} active={{}} onChange={onChange} />)
    rerender(
      <CustomFieldFilter
        definitions={[definition('booked_at', 'Booked at'), definition('priority', 'Priority')]}
        active={{}}
        onChange={onChange}
      />,
    )
    fireEvent.change(screen.getByLabelText('Booked at value'), { target: { value: '2026-03-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(onChange).toHaveBeenCalledWith('booked_at', '2026-03-01')
  })

  it('names the value input after the field picked', () => {
    render(
      <CustomFieldFilter
        definitions={[definition('booked_at', 'Booked at'), definition('priority', 'Priority')]}
        active={{}}
        onChange={() => {}}
      />,
    )
    fireEvent.change(screen.getByLabelText('Custom field'), { target: { value: 'priority' } })
    expect(screen.getByLabelText('Priority value')).toBeTruthy()
  })
})
