import type { Container } from '../../../contract/containers'
import { holdWords } from '../../components/status/holds'

type Context = { terminalName?: string | null; vesselName?: string | null; eta?: string | null }

export type Answer = {
  tone: 'good' | 'bad' | 'info'
  headline: string
  lfd?: string | null
  at?: string | null
}

/** "Can I pick it up, and by when?" in one sentence, from the container's own attributes. */
export function availabilityAnswer(container: Container, context: Context): Answer {
  const a = container.attributes
  const holds = a.holds_at_pod_terminal ?? []
  const where = context.terminalName ?? 'the terminal'
  if (a.empty_terminated_at) return { tone: 'info', headline: 'Empty returned', at: a.empty_terminated_at }
  if (a.final_destination_full_out_at || a.pod_full_out_at)
    return { tone: 'info', headline: 'Picked up', at: a.final_destination_full_out_at ?? a.pod_full_out_at }
  if (a.available_for_pickup)
    return { tone: 'good', headline: `Available for pickup at ${where}`, lfd: a.pickup_lfd }
  if (holds.length > 0)
    return { tone: 'bad', headline: `Not available: ${holds.map(holdWords).join(', ')}`, lfd: a.pickup_lfd }
  if (a.current_status === 'on_rail' || a.current_status === 'awaiting_inland_transfer')
    return {
      tone: 'info',
      headline:
        a.current_status === 'on_rail' ? 'On rail to the inland ramp' : 'Waiting to be loaded on rail',
      at: a.ind_eta_at,
    }
  if (a.pod_discharged_at)
    return { tone: 'bad', headline: `Discharged at ${where}, not yet available`, lfd: a.pickup_lfd }
  if (a.current_status === 'on_ship' || a.pol_vessel_departed_at)
    return { tone: 'info', headline: `On vessel ${context.vesselName ?? ''}`.trim(), at: context.eta }
  return { tone: 'info', headline: 'Not yet shipped' }
}
