// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/api-error'
import { type DataColumn, DataTable } from './data-table'
import { Pager } from './pager'
import { selectableFeatures } from './row-selection'

type Row = { id: string; name: string; eta: string }
const ROWS: Row[] = [
  { id: 'a', name: 'MSCU1', eta: 'Mon' },
  { id: 'b', name: 'MSCU2', eta: 'Tue' },
]
const COLUMNS: DataColumn<Row, 'eta'>[] = [
  { id: 'name', header: 'Container', phone: 'title', cell: (r) => r.name },
  { id: 'eta', header: 'ETA', sortField: 'eta', cell: (r) => r.eta },
]
const EMPTY = { title: 'No containers', hint: 'Try another tab.' }

describe('<DataTable>', () => {
  afterEach(cleanup)

  it('shows skeleton rows while loading, then the rows, each cell labelled for the phone cards', () => {
    const { rerender } = render(
      <DataTable label="Board" columns={COLUMNS} rows={undefined} rowId={(r) => r.id} empty={EMPTY} />,
    )
    const table = screen.getByRole('table', { name: 'Board' })
    expect(table.getAttribute('aria-busy')).toBe('true')
    expect(table.querySelectorAll('tbody tr.skeleton').length).toBeGreaterThan(0)
    rerender(<DataTable label="Board" columns={COLUMNS} rows={ROWS} rowId={(r) => r.id} empty={EMPTY} />)
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByText('Tue').getAttribute('data-label')).toBe('ETA')
    expect(within(table).getByText('MSCU1').className).toBe('phone-title')
  })

  it('says what the order is and sorts through the server when a header is clicked', () => {
    const onSort = vi.fn()
    render(
      <DataTable
        label="Board"
        columns={COLUMNS}
        rows={ROWS}
        rowId={(r) => r.id}
        empty={EMPTY}
        sort={{ field: 'eta', descending: true }}
        onSort={onSort}
      />,
    )
    const header = screen.getByRole('columnheader', { name: /ETA/ })
    expect(header.getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: 'Container' }).getAttribute('aria-sort')).toBeNull()
    fireEvent.click(within(header).getByRole('button'))
    expect(onSort).toHaveBeenCalledWith('eta')
  })

  it('says what to try when nothing matches', () => {
    render(<DataTable label="Board" columns={COLUMNS} rows={[]} rowId={(r) => r.id} empty={EMPTY} />)
    expect(screen.getByRole('status').textContent).toBe('No containersTry another tab.')
  })

  it('shows a failure in words in the table’s place, with a Retry', () => {
    const onRetry = vi.fn()
    const error = new ApiError(
      503,
      [{ title: 'Service Unavailable', detail: 'Back soon' }],
      'GET /v2/containers',
    )
    render(
      <DataTable
        label="Board"
        columns={COLUMNS}
        rows={ROWS}
        rowId={(r) => r.id}
        empty={EMPTY}
        error={error}
        onRetry={onRetry}
      />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The server had a problem (503): Service Unavailable')
    expect(alert.textContent).toContain('Back soon')
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('selects rows by their checkboxes when the page asks for selection', () => {
    const onChange = vi.fn()
    render(
      <DataTable
        label="Board"
        columns={COLUMNS}
        rows={ROWS}
        rowId={(r) => r.id}
        empty={EMPTY}
        selection={{
          selected: new Set(['a']),
          onChange,
          rowLabel: (r) => r.name,
          features: selectableFeatures,
        }}
      />,
    )
    expect((screen.getByRole('checkbox', { name: 'Select MSCU1' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select MSCU2' }))
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']))
  })
})

describe('<Pager>', () => {
  afterEach(cleanup)

  it('moves a page at a time and changes the page size', () => {
    const onPage = vi.fn()
    const onSize = vi.fn()
    render(
      <Pager
        info={{ current: 2, last: 3, total: 70, hasNext: true, hasPrev: true }}
        size={25}
        onPage={onPage}
        onSize={onSize}
      />,
    )
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPage.mock.calls).toEqual([[1], [3]])
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } })
    expect(onSize).toHaveBeenCalledWith(100)
  })
})
