import { describe, expect, it } from 'vitest'
import { futurePositions } from './future-positions'

const shanghai = { code: 'CNSHA', latitude: 30.63, longitude: 122.07 }
const losAngeles = { code: 'USLAX', latitude: 33.73, longitude: -118.26 }

describe('futurePositions', () => {
  it('steps across the Pacific every six hours at the vessel speed and ends at the port', () => {
    const start = new Date('2026-11-22T00:00:00Z')
    const positions = futurePositions([38.5, 165], shanghai, losAngeles, 18, start)!
    expect(positions.length).toBeGreaterThan(10)
    expect(positions[1].timestamp.getTime() - positions[0].timestamp.getTime()).toBe(6 * 3_600_000)
    expect(positions.at(-1)).toMatchObject({ latitude: 33.73, longitude: -118.26 })
    for (const p of positions) {
      expect(p.heading).toBeGreaterThanOrEqual(0)
      expect(p.heading).toBeLessThan(360)
      expect(p.latitude).toBeGreaterThan(30)
    }
    const days = (positions.at(-1)!.timestamp.getTime() - start.getTime()) / 86_400_000
    expect(days).toBeGreaterThan(5)
    expect(days).toBeLessThan(12)
  })

  it('knows no lane between two origins', () => {
    expect(
      futurePositions([0, 0], shanghai, { code: 'SGSIN', latitude: 1.26, longitude: 103.82 }, 18, new Date()),
    ).toBeUndefined()
  })
})
