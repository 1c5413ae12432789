// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

const opened: { destroyed: boolean }[] = []

// a worker that never answers: getDocument neither resolves nor rejects (ci21 showed it for 45 s and more)
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: () => {
    const task = {
      promise: new Promise(() => {}),
      destroyed: false,
      destroy: async () => {
        task.destroyed = true
      },
    }
    opened.push(task)
    return task
  },
}))
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.js' }))

const { PdfPreview } = await import('./pdf-preview')
const { SLOW_OPEN_MS } = await import('./use-pdf-pages')

beforeEach(() => {
  vi.useFakeTimers()
  opened.length = 0
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

it('offers to try again or to save the file when the PDF does not open, rather than waiting for ever', async () => {
  render(<PdfPreview bytes={new Uint8Array([37, 80, 68, 70]).buffer} name="bill-of-lading.pdf" />)
  expect(screen.getByText('Opening the PDF…')).toBeTruthy()
  expect(screen.queryByRole('status')).toBeNull()

  await act(async () => vi.advanceTimersByTime(SLOW_OPEN_MS))
  expect(screen.getByRole('status').textContent).toContain('This PDF is taking a long time to open.')
  const save = screen.getByRole('link', { name: 'Save the file instead' })
  expect(save.getAttribute('download')).toBe('bill-of-lading.pdf')
  expect(save.getAttribute('href')).toMatch(/^blob:/)

  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(opened).toHaveLength(2)
  expect(opened[0].destroyed).toBe(true)
  expect(screen.queryByRole('status')).toBeNull()
  expect(screen.getByText('Opening the PDF…')).toBeTruthy()
})
