// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FieldInput } from './field-input'
import type { Definition } from './field-values'

const definition = (data_type: string, extra: Record<string, unknown> = {}): Definition =>
  ({
    id: 'd1',
    type: 'custom_field_definition',
    attributes: { api_slug: 'f', display_name: 'Field', data_type, ...extra },
    options: ['red', 'green', 'blue'].map((value, position) => ({
      id: `o-${value}`,
      type: 'custom_field_option',
      attributes: { value, label: value.toUpperCase(), position },
    })),
  }) as Definition

function show(data_type: string, value: unknown, zone = 'UTC', extra: Record<string, unknown> = {}) {
  const onSave = vi.fn()
  render(
    <>
      <label htmlFor="field-d1">Field</label>
      <FieldInput definition={definition(data_type, extra)} value={value} zone={zone} onSave={onSave} />
    </>,
  )
  return onSave
}

const originalZone = process.env.TZ
afterEach(() => {
  cleanup()
  process.env.TZ = originalZone
})

describe('a custom field edited in place', () => {
  it('saves text on Enter and puts it back on Escape', () => {
    const onSave = show('short_text', 'Livingston')
    const input = screen.getByLabelText('Field') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'Expeditors' } })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.value).toBe('Livingston')
    fireEvent.change(input, { target: { value: 'Expeditors' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSave).toHaveBeenCalledWith('Expeditors')
  })

  it('saves on blur, but not when nothing changed, and clears with an empty value', () => {
    const onSave = show('short_text', 'Livingston')
    const input = screen.getByLabelText('Field')
    fireEvent.blur(input)
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.blur(input)
    expect(onSave).toHaveBeenCalledWith(null)
  })

  it('takes a number as typed, stepping by the format', () => {
    const onSave = show('number', 1250, 'UTC', { default_format: 'decimal:2' })
    const input = screen.getByLabelText('Field') as HTMLInputElement
    expect(input.type).toBe('number')
    expect(input.step).toBe('0.01')
    fireEvent.change(input, { target: { value: '19.5' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSave).toHaveBeenCalledWith('19.5')
  })

  it('saves a toggle at once', () => {
    const onSave = show('boolean', false)
    fireEvent.click(screen.getByRole('switch'))
    expect(onSave).toHaveBeenCalledWith(true)
  })

  it('offers the options in their order, and Not set', () => {
    const onSave = show('enum', 'green')
    const select = screen.getByLabelText('Field') as HTMLSelectElement
    expect([...select.options].map((o) => o.text)).toEqual(['Not set', 'RED', 'GREEN', 'BLUE'])
    fireEvent.change(select, { target: { value: '' } })
    expect(onSave).toHaveBeenCalledWith(null)
  })

  it('keeps a multi-select in the options order and never twice', () => {
    const onSave = show('enum_multi', ['blue'])
    fireEvent.click(screen.getByRole('checkbox', { name: 'RED' }))
    expect(onSave).toHaveBeenCalledWith(['red', 'blue'])
  })

  it('takes a reference as an id', () => {
    const onSave = show('reference', null, 'UTC', { reference_type: 'container' })
    const input = screen.getByPlaceholderText('Id of the container')
    fireEvent.change(input, { target: { value: 'c0ffee00-0000-4000-8000-000000000001' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSave).toHaveBeenCalledWith('c0ffee00-0000-4000-8000-000000000001')
  })

  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati'])(
    'shows and saves a date as the same calendar day for a viewer in %s',
    (zone) => {
      process.env.TZ = zone
      const onSave = show('date', '2026-03-14')
      const input = screen.getByLabelText('Field') as HTMLInputElement
      expect(input.type).toBe('date')
      expect(input.value).toBe('2026-03-14')
      fireEvent.change(input, { target: { value: '2026-03-01' } })
      fireEvent.keyDown(input, { key: 'Enter' })
      expect(onSave).toHaveBeenCalledWith('2026-03-01')
    },
  )

  it.each(['America/Los_Angeles', 'Asia/Tokyo'])(
    "reads a date-time in the port's zone, not the viewer's in %s",
    (viewer) => {
      process.env.TZ = viewer
      const onSave = show('datetime', '2026-03-14T01:30:00.000Z', 'Asia/Shanghai')
      const input = screen.getByLabelText('Field') as HTMLInputElement
      expect(input.value).toBe('2026-03-14T09:30')
      fireEvent.change(input, { target: { value: '2026-03-14T10:00' } })
      fireEvent.keyDown(input, { key: 'Enter' })
      expect(onSave).toHaveBeenCalledWith('2026-03-14T02:00:00.000Z')
    },
  )
})
