import { isDone, isOnHold, isWaiting, lfdZoneOf } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { type LfdCountdown, lfdCountdown } from '../time/lfd'
import { holdWords } from './holds'

export type Tone = 'good' | 'warning' | 'bad' | 'info' | 'done'

export type ContainerState = {
  /** The state in words, e.g. "Overdue: on customs hold" or "Available for pickup at Maher". */
  headline: string
  tone: Tone
  /** Days left to the last free day, only while the container still waits at the terminal or ramp. */
  countdown?: LfdCountdown
  /** The moment that goes with the headline: the ETA at sea, the pickup or the return. */
  at?: string | null
  /** "ETA" or "" before `at`. */
  atLabel?: string
  /** The zone of the place `at` happens in. */
  atZone?: string | null
  /** The zone the last free day counts in (the ramp's for a rail last free day). */
  lfdZone: string
}

export type StateContext = {
  terminalName?: string | null
  vesselName?: string | null
  eta?: string | null
  /** The port of discharge's zone, when the container does not carry it. */
  zone?: string | null
}

type Attributes = Container['attributes']

const after = (a: Attributes): Pick<ContainerState, 'headline' | 'at' | 'atZone'> => {
  if (a.empty_terminated_at)
    return { headline: 'Empty returned', at: a.empty_terminated_at, atZone: a.empty_terminated_timezone }
  const out = a.final_destination_full_out_at ?? a.pod_full_out_at
  const atZone = a.final_destination_timezone ?? a.pod_timezone
  if (a.current_status === 'delivered') return { headline: 'Delivered', at: a.delivered_at ?? out, atZone }
  if (a.current_status === 'dropped') return { headline: 'Picked up and dropped', at: out, atZone }
  return { headline: 'Picked up', at: out, atZone }
}

const beforeDischarge = (a: Attributes, context: StateContext): Omit<ContainerState, 'lfdZone'> => {
  if (a.pod_arrived_at)
    return { headline: 'Arrived, waiting to be discharged', tone: 'info', at: a.pod_arrived_at }
  if (a.current_status === 'on_ship' || a.pol_vessel_departed_at)
    return {
      headline: `On vessel ${context.vesselName ?? ''}`.trim(),
      tone: 'info',
      at: context.eta,
      atLabel: 'ETA',
      atZone: a.pod_timezone ?? context.zone,
    }
  if (a.current_status === 'loaded' || a.pol_vessel_loaded_at)
    return { headline: 'Loaded at origin, not yet sailed', tone: 'info' }
  return { headline: 'Not yet shipped', tone: 'info' }
}

function waiting(a: Attributes, context: StateContext, countdown?: LfdCountdown) {
  const where =
    a.current_status === 'off_dock' ? 'the off-dock yard' : (context.terminalName ?? 'the terminal')
  const holds = (a.holds_at_pod_terminal ?? []).map(holdWords).join(', ')
  const rail = a.current_status === 'on_rail' || a.current_status === 'awaiting_inland_transfer'
  if (countdown?.overdue) {
    const headline = isOnHold(a)
      ? `Overdue and not available: ${holds}`
      : a.available_for_pickup
        ? `Overdue: available for pickup at ${where}`
        : 'Overdue: not yet available'
    return { headline, tone: 'bad' as const }
  }
  if (isOnHold(a)) return { headline: `Not available: ${holds}`, tone: 'bad' as const }
  if (a.available_for_pickup) return { headline: `Available for pickup at ${where}`, tone: 'good' as const }
  if (rail)
    return {
      headline:
        a.current_status === 'on_rail' ? 'On rail to the inland ramp' : 'Waiting to be loaded on rail',
      tone: 'info' as const,
      at: a.ind_eta_at,
      atLabel: 'ETA',
      atZone: a.final_destination_timezone,
    }
  return { headline: `Discharged at ${where}, not yet available`, tone: 'warning' as const }
}

/**
 * A container's state in words, from its status, holds, availability, last free day, pickup and return:
 * the one rule the availability banner, the list cells, the countdown and the CSV all show. Overdue is
 * never good; once picked up, delivered or returned there is no countdown.
 */
export function containerState(a: Attributes, context: StateContext, now = new Date()): ContainerState {
  const lfdZone = lfdZoneOf(a)
  if (isDone(a)) return { ...after(a), tone: 'done', lfdZone }
  if (!isWaiting(a)) return { ...beforeDischarge(a, context), lfdZone }
  const countdown = lfdCountdown(a.pickup_lfd, lfdZone, now)
  return { ...waiting(a, context, countdown), countdown, lfdZone }
}

export const TONE_SIGN: Record<Tone, string> = { good: '✔', warning: '⚠', bad: '✖', info: 'ℹ', done: '■' }
