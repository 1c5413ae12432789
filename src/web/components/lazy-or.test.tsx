// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, expect, it } from 'vitest'
import { lazyOr } from './lazy-or'

afterEach(cleanup)

const Fallback = ({ what }: { what: string }) => <p>{what} could not load</p>

it('shows the part once its code has loaded', async () => {
  const Part = lazyOr(
    async () =>
      ({ what }: { what: string }) => <p>{what} loaded</p>,
    Fallback,
  )
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Part what="Shortcuts" />
    </Suspense>,
  )
  expect(await screen.findByText('Shortcuts loaded')).toBeTruthy()
})

it('shows the fallback, not an error, when the code cannot load (offline, or files replaced by a release)', async () => {
  const Part = lazyOr<{ what: string }>(() => Promise.reject(new TypeError('Failed to fetch')), Fallback)
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Part what="Shortcuts" />
    </Suspense>,
  )
  expect(await screen.findByText('Shortcuts could not load')).toBeTruthy()
})
