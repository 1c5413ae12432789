// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Suspense, use } from 'react'
import { MemoryRouter, useNavigate } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { ChargesControls } from './charges-controls'
import { chargesParamsFrom } from './charges-period'

const NOW = new Date('2026-11-25T12:00:00Z')
/** What a slow device is to the router: the view for the new URL is not ready yet. */
const notYet = new Promise<never>(() => {})

function SlowTable({ group }: { group: string }) {
  if (group === 'terminal') use(notYet)
  return <p>Per {group}</p>
}

let navigate: ReturnType<typeof useNavigate> = () => undefined

function Page() {
  navigate = useNavigate()
  const view = useTableUrlState({ sortFields: [], filters: ['group', 'period', 'from', 'to'] })
  const params = chargesParamsFrom(view.search, NOW)
  return (
    <>
      <ChargesControls params={params} onChange={view.update} />
      <Suspense fallback={<p>Loading</p>}>
        <SlowTable group={params.group} />
      </Suspense>
    </>
  )
}

/** Chooses Terminal, whose view never finishes rendering: the navigation stays a transition. */
async function chooseTerminal() {
  render(
    <MemoryRouter initialEntries={['/charges']}>
      <Page />
    </MemoryRouter>,
  )
  const terminal = screen.getByRole('radio', { name: 'Terminal' }) as HTMLInputElement
  await act(async () => fireEvent.click(terminal))
  return { terminal, customer: screen.getByRole('radio', { name: 'Customer' }) as HTMLInputElement }
}

describe('the charges controls', () => {
  afterEach(cleanup)

  it('show the grouping chosen at once, while the view for it is still rendering', async () => {
    const { terminal, customer } = await chooseTerminal()
    // the router renders a navigation in a transition; until it commits, the old table stays
    expect(screen.getByText('Per customer')).toBeTruthy()
    expect(terminal.checked).toBe(true)
    expect(customer.checked).toBe(false)
  })

  // Back lands on the URL the page still shows, so the URL's value never changes and the choice stayed
  it('show the URL again on Back, while the view for the choice is still rendering', async () => {
    const { terminal, customer } = await chooseTerminal()
    expect(terminal.checked).toBe(true)
    await act(async () => {
      navigate(-1)
      // what a browser sends on Back; a memory history sends nothing
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(screen.getByText('Per customer')).toBeTruthy()
    expect(terminal.checked).toBe(false)
    expect(customer.checked).toBe(true)
  })
})
