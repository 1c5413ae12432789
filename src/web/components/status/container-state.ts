import { isWaiting, lfdUnconfirmed, lfdZoneOf } from '../../../contract/container-board'
import {
  type ContainerStateKind,
  containerStateOf,
  type StateContext as StateWordsContext,
  stateWords,
  TONE_OF,
  type Tone,
} from '../../../contract/container-state'
import type { Container } from '../../../contract/containers'
import { serviceNow } from '../../api/service-clock'
import { type LfdCountdown, lfdCountdown } from '../time/lfd'

export type { Tone }

export type ContainerState = {
  kind: ContainerStateKind
  label: string
  headline: string
  tone: Tone
  /** Only while the container still waits at the terminal or ramp. */
  countdown?: LfdCountdown
  at?: string | null
  atLabel?: string
  atZone?: string | null
  /** The ramp's for a rail last free day. */
  lfdZone: string
}

export type StateContext = StateWordsContext & {
  eta?: string | null
  zone?: string | null
}

type Attributes = Container['attributes']
type Moment = Pick<ContainerState, 'at' | 'atLabel' | 'atZone'>

function momentOf(kind: ContainerStateKind, a: Attributes, context: StateContext): Moment {
  const out = a.final_destination_full_out_at ?? a.pod_full_out_at
  const portZone = a.pod_timezone ?? context.zone
  const outZone = a.final_destination_timezone ?? portZone
  switch (kind) {
    case 'empty_returned':
      return { at: a.empty_terminated_at, atZone: a.empty_terminated_timezone ?? portZone }
    case 'delivered':
      return { at: a.delivered_at ?? out, atZone: outZone }
    case 'dropped':
    case 'picked_up':
      return { at: out, atZone: outZone }
    case 'arrived':
      return { at: a.pod_arrived_at, atZone: portZone }
    case 'on_vessel':
      return { at: context.eta, atLabel: 'ETA', atZone: portZone }
    case 'on_rail':
    case 'awaiting_rail':
      return { at: a.ind_eta_at, atLabel: 'ETA', atZone: a.final_destination_timezone }
    default:
      return {}
  }
}

/** By the contract's one rule (`containerStateOf`), so the banner, cells, countdown and CSV agree. */
export function containerState(a: Attributes, context: StateContext, now = serviceNow()): ContainerState {
  const lfdZone = lfdZoneOf(a)
  const kind = containerStateOf(a, now)
  const tone = TONE_OF[kind]
  // a stale last free day counts no days down: it is unconfirmed; a picked-up one has its empty's deadline instead
  const waiting = isWaiting(a) && !lfdUnconfirmed(a, now)
  const countdown = waiting ? lfdCountdown(a.pickup_lfd, lfdZone, now) : undefined
  return { kind, tone, ...stateWords(kind, a, context), ...momentOf(kind, a, context), countdown, lfdZone }
}

export const TONE_SIGN: Record<Tone, string> = { good: '✔', warning: '⚠', bad: '✖', info: 'ℹ', done: '■' }
