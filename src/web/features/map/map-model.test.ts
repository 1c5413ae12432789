import { describe, expect, it } from 'vitest'
import {
  type MapVessel,
  mapVessels,
  placeAt,
  SLIDER_STEP,
  sliderAt,
  sliderChoice,
  sliderSpan,
  stateWords,
} from './map-model'

const HOUR = 3_600_000
const vessel = (path: MapVessel['path']): MapVessel => ({
  id: 'v',
  name: 'Ever Given',
  imo: '9811000',
  state: 'on_time',
  voyage: '012E',
  lat: 10,
  lon: 170,
  heading: 90,
  speed: 18,
  reportedAt: null,
  nextPort: null,
  toPod: true,
  nextCall: null,
  eta: { earliest: null, likely: null, latest: new Date(30 * HOUR).toISOString() },
  arrivesAt: null,
  path,
  aboardCount: 0,
  containers: [],
})

describe('placing a vessel at a time', () => {
  const path = [
    { at: 0, lat: 10, lon: 170, heading: 90 },
    { at: 10 * HOUR, lat: 20, lon: -170, heading: 80 },
    { at: 20 * HOUR, lat: 30, lon: -160, heading: 70 },
  ]

  it('keeps the reported position before the forecast starts', () => {
    expect(placeAt(vessel(path), -HOUR)).toEqual({ lat: 10, lon: 170, heading: 90, arrived: false })
  })

  it('moves along the forecast the short way across the date line', () => {
    const placed = placeAt(vessel(path), 5 * HOUR)
    expect(placed.lat).toBeCloseTo(15)
    expect(Math.abs(placed.lon)).toBeCloseTo(180)
    expect(placed.arrived).toBe(false)
  })

  it('shows the vessel arrived at the port from the end of its forecast on', () => {
    expect(placeAt(vessel(path), 25 * HOUR)).toEqual({ lat: 30, lon: -160, heading: 70, arrived: true })
  })

  it('spans the slider to the latest ETA any vessel may have', () => {
    expect(sliderSpan([vessel(path)], 0)).toEqual({ start: 0, end: 30 * HOUR })
  })

  // a range input's End key stops at the last whole step from its start
  it('ends the span a whole number of steps from now, so its End key shows the last vessel arrived', () => {
    const now = 17 * 60_000 + 123
    const arriving = vessel([
      { at: now + 5 * 60_000, lat: 10, lon: 170, heading: 90 },
      { at: now + 7 * HOUR + 20 * 60_000, lat: 30, lon: -160, heading: 70 },
    ])
    const span = sliderSpan([{ ...arriving, eta: null }], now)
    expect(span).toEqual({ start: now, end: now + 8 * HOUR })
    const endKey = span.start + Math.floor((span.end - span.start) / SLIDER_STEP) * SLIDER_STEP
    expect(placeAt(arriving, sliderAt(sliderChoice(endKey, span), span)).arrived).toBe(true)
  })
})

describe('reading the map answer', () => {
  it('links each vessel to the containers aboard and their bills of lading, and leaves out one without a position', () => {
    const vessels = mapVessels({
      data: [
        {
          id: 'v1',
          type: 'vessel',
          attributes: {
            name: 'Maersk Essen',
            latitude: 1,
            longitude: 2,
            state: 'delayed',
            forecast: [{ latitude: 1, longitude: 2, timestamp: '2026-11-22T12:00:00Z' }],
          },
          relationships: { containers: { data: [{ type: 'container', id: 'c1' }] } },
        },
        { id: 'v2', type: 'vessel', attributes: { name: 'Lost', latitude: null, longitude: null } },
      ],
      included: [
        {
          id: 'c1',
          type: 'container',
          attributes: { number: 'MSKU1234565' },
          relationships: { shipment: { data: { type: 'shipment', id: 's1' } } },
        },
        { id: 's1', type: 'shipment', attributes: { bill_of_lading_number: 'MAEU1' } },
      ],
    })
    expect(vessels).toHaveLength(1)
    expect(vessels[0].containers).toEqual([
      { id: 'c1', number: 'MSKU1234565', shipmentId: 's1', billOfLading: 'MAEU1' },
    ])
    expect(stateWords(vessels[0].state)).toBe('Delayed')
    expect(stateWords('in_port')).toBe('in port')
  })
})

// the e2e clock runs an hour a minute: a refresh moved the end later, and a slider taken to the end no longer
// showed the vessel arrived
describe('the slider a person took to its end', () => {
  it('stays at the end when a refresh moves the end later, and a place before it stays put', () => {
    const span = { start: 100, end: 200 }
    const later = { start: 110, end: 260 }
    expect(sliderAt(sliderChoice(200, span), later)).toBe(260)
    expect(sliderAt(sliderChoice(150, span), later)).toBe(150)
    expect(sliderAt(sliderChoice(105, span), later)).toBe(110)
    expect(sliderAt(undefined, later)).toBe(110)
  })
})
