import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { ShipmentSchema } from '../../../contract/shipments'
import { drawnAsPlanned, foldRepeats, orderTimeline, plannedMilestones } from './timeline-entries'

const happened = (kind: string, at: string) => ({
  kind,
  key: `${kind}@${at}`,
  label: kind,
  at,
  planned: false,
})

describe('the milestone timeline', () => {
  it('never draws an event dated after now as having happened, such as a pickup appointment for tomorrow', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(drawnAsPlanned('container.pickup_appointment.changed', '2026-11-26T09:00:00Z', now)).toBe(true)
    expect(drawnAsPlanned('container.transport.vessel_discharged', '2026-11-25T11:00:00Z', now)).toBe(false)
    expect(drawnAsPlanned('shipment.estimated.arrival', '2026-11-20T11:00:00Z', now)).toBe(true)
  })

  it('folds repeated "Last free day changed" into its latest, with a count of every change', () => {
    const entries = foldRepeats([
      happened('container.transport.vessel_discharged', '2026-11-10T10:00:00Z'),
      happened('container.pickup_lfd.changed', '2026-11-10T12:00:00Z'),
      happened('container.transport.available', '2026-11-11T10:00:00Z'),
      happened('container.pickup_lfd.changed', '2026-11-12T09:00:00Z'),
      happened('container.pickup_lfd.changed', '2026-11-13T09:00:00Z'),
    ])
    expect(entries.map((e) => e.label)).toEqual([
      'container.transport.vessel_discharged',
      'container.transport.available',
      'container.pickup_lfd.changed',
    ])
    expect(entries.at(-1)!.at).toBe('2026-11-13T09:00:00Z')
    expect(entries.at(-1)!.repeats).toHaveLength(3)
  })

  it('plans what is still to come: the vessel’s arrival and the pickup appointment, after the actual events', () => {
    const container = ContainerSchema.parse({
      id: 'c',
      type: 'container',
      attributes: {
        number: 'X',
        pol_vessel_departed_at: '2026-11-01T00:00:00Z',
        pickup_appointment_at: '2026-12-03T15:00:00Z',
      },
    })
    const shipment = ShipmentSchema.parse({
      id: 's',
      type: 'shipment',
      attributes: {
        pod_eta_at: '2026-11-28T08:00:00Z',
        port_of_discharge_name: 'Los Angeles',
        pol_atd_at: '2026-11-01T00:00:00Z',
      },
    })
    const planned = plannedMilestones(container, shipment, new Date('2026-11-22T12:00:00Z'))
    expect(planned.map((p) => p.label)).toEqual(['Vessel arrives', 'Pickup appointment'])
    expect(planned.every((p) => p.planned)).toBe(true)
    const actual = [{ key: 'a', label: 'Departed', at: '2026-11-01T00:00:00Z', planned: false }]
    expect(orderTimeline(actual, planned, false).map((e) => e.label)).toEqual([
      'Departed',
      'Vessel arrives',
      'Pickup appointment',
    ])
    expect(orderTimeline(actual, planned, true).map((e) => e.label)).toEqual([
      'Pickup appointment',
      'Vessel arrives',
      'Departed',
    ])
  })

  it('plans nothing once the container is picked up', () => {
    const container = ContainerSchema.parse({
      id: 'c',
      type: 'container',
      attributes: {
        number: 'X',
        pod_full_out_at: '2026-11-20T00:00:00Z',
        pickup_appointment_at: '2026-12-03T15:00:00Z',
        ind_eta_at: '2026-12-01T00:00:00Z',
      },
    })
    expect(plannedMilestones(container, undefined, new Date('2026-11-22T12:00:00Z'))).toEqual([])
  })
})
