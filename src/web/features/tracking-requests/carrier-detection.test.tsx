// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InferNumberResultSchema } from '../../../contract/tracking-requests'
import { CarrierDetection } from './carrier-detection'
import { failedReasonWords, requestStatusWords } from './tracking-request-words'

const inferred = (shipping_line: unknown, validation: unknown = { is_valid: true }) =>
  InferNumberResultSchema.parse({
    id: 'r1',
    type: 'infer_number_results',
    attributes: { shipping_line, validation },
  })

describe('<CarrierDetection>', () => {
  afterEach(cleanup)

  it('shows the carrier it is sure of with its confidence', () => {
    render(
      <CarrierDetection
        result={inferred({
          decision: 'auto_select',
          selected: { scac: 'MSCU', name: 'MSC', confidence: 0.95 },
        })}
        onChoose={() => {}}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe('Detected MSC (MSCU), 95% confident.')
  })

  it('asks the person to confirm one of the candidates when the service is not sure', () => {
    const onChoose = vi.fn()
    render(
      <CarrierDetection
        result={inferred(
          {
            decision: 'needs_confirmation',
            selected: { scac: 'MAEU', name: 'Maersk', confidence: 0.6 },
            candidates: [
              { scac: 'MAEU', name: 'Maersk', confidence: 0.6 },
              { scac: 'SEAU', name: 'SeaLand', confidence: '0.3' },
            ],
          },
          { is_valid: false, reason: 'The check digit should be 5, not 6' },
        )}
        onChoose={onChoose}
      />,
    )
    expect(screen.getByText('The check digit should be 5, not 6')).toBeDefined()
    fireEvent.click(screen.getByRole('radio', { name: 'SeaLand (SEAU), 30% confident' }))
    expect(onChoose).toHaveBeenCalledWith('SEAU')
  })

  it('says so when it cannot tell', () => {
    render(
      <CarrierDetection
        result={inferred({ decision: 'no_prediction', candidates: [] })}
        onChoose={() => {}}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain("Couldn't tell the carrier")
  })
})

describe('tracking request words', () => {
  it('explains statuses and failures in plain words, and shows unknown ones readably', () => {
    expect(requestStatusWords('awaiting_manifest')).toBe('Waiting for the carrier to publish it')
    expect(failedReasonWords('not_found')).toMatch(/does not know this number/)
    expect(failedReasonWords('carrier_on_strike')).toBe('The carrier reported: carrier on strike.')
    expect(requestStatusWords('paused_by_admin')).toBe('paused by admin')
  })
})
