// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CASES_NOW, CONTAINER_STATE_CASES, caseContainer } from '../../../contract/container-state-cases'
import { containerState } from '../../components/status/container-state'
import { projectDemurrage } from '../../components/status/demurrage-projection'
import { AvailabilityBanner } from './availability-banner'

describe('<AvailabilityBanner>', () => {
  afterEach(cleanup)

  it("prices a rail ramp's passed last free day on the container page, saying the tariff is illustrative", () => {
    const [, attributes] = CONTAINER_STATE_CASES.find(([name]) => name === 'rail last free day passed')!
    const a = caseContainer(attributes).attributes
    const state = containerState(a, { terminalName: 'Pier 400' }, CASES_NOW)
    render(
      <AvailabilityBanner
        state={state}
        lfd={a.pickup_lfd}
        projection={projectDemurrage(a, state.countdown, null)}
      />,
    )
    const projection = screen.getByText(/Picked up today/).closest('p')!
    expect(projection.textContent).toBe(
      "Rail ramp storage. Picked up today: $200.00; each further day: $150.00 (Illustrative rail storage tariff, like a Class I railroad's published storage charges) These are not this railroad's own figures.",
    )
  })
})
