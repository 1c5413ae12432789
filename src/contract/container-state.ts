import { isDone, isOnHold, isWaiting, lfdUnconfirmed, urgentDaysLeft } from './container-board'
import type { Container } from './containers'
import { emptyDaysLeft, returnZoneOf } from './detention'

/** Derived from the attributes alone, so two surfaces cannot disagree. */
export const CONTAINER_STATE_KINDS = [
  'not_shipped',
  'loaded',
  'on_vessel',
  'arrived',
  'discharged',
  'awaiting_rail',
  'on_rail',
  'on_hold',
  'available',
  'unconfirmed',
  'overdue',
  'overdue_on_hold',
  'overdue_not_available',
  'picked_up',
  'dropped',
  'delivered',
  'empty_due',
  'empty_overdue',
  'empty_returned',
] as const
export type ContainerStateKind = (typeof CONTAINER_STATE_KINDS)[number]

export type Tone = 'good' | 'warning' | 'bad' | 'info' | 'done'

export const TONE_OF: Record<ContainerStateKind, Tone> = {
  not_shipped: 'info',
  loaded: 'info',
  on_vessel: 'info',
  arrived: 'info',
  discharged: 'warning',
  awaiting_rail: 'info',
  on_rail: 'info',
  on_hold: 'bad',
  available: 'good',
  unconfirmed: 'warning',
  overdue: 'bad',
  overdue_on_hold: 'bad',
  overdue_not_available: 'bad',
  picked_up: 'done',
  dropped: 'done',
  delivered: 'done',
  empty_due: 'info',
  empty_overdue: 'bad',
  empty_returned: 'done',
}

export type StateAttributes = Partial<Container['attributes']>

const afterPickup = (a: StateAttributes, now: Date): ContainerStateKind => {
  if (a.empty_terminated_at) return 'empty_returned'
  // the line's free time for the empty runs until it is back; detention accrues after its deadline
  const emptyDays = emptyDaysLeft(a, now)
  if (emptyDays !== undefined) return emptyDays < 0 ? 'empty_overdue' : 'empty_due'
  if (a.current_status === 'delivered') return 'delivered'
  if (a.current_status === 'dropped') return 'dropped'
  return 'picked_up'
}

const beforeDischarge = (a: StateAttributes): ContainerStateKind => {
  if (a.pod_arrived_at) return 'arrived'
  if (a.current_status === 'on_ship' || a.pol_vessel_departed_at) return 'on_vessel'
  if (a.current_status === 'loaded' || a.pol_vessel_loaded_at) return 'loaded'
  return 'not_shipped'
}

const waiting = (a: StateAttributes, now: Date): ContainerStateKind => {
  const days = urgentDaysLeft(a, now)
  const onHold = isOnHold(a)
  if (days !== undefined && days < 0)
    return onHold ? 'overdue_on_hold' : a.available_for_pickup ? 'overdue' : 'overdue_not_available'
  if (onHold) return 'on_hold'
  if (lfdUnconfirmed(a, now)) return 'unconfirmed'
  if (a.available_for_pickup) return 'available'
  if (a.current_status === 'on_rail') return 'on_rail'
  if (a.current_status === 'awaiting_inland_transfer') return 'awaiting_rail'
  return 'discharged'
}

/** Order: returned, empty overdue or due, delivered, dropped, picked up; then overdue, on hold, unconfirmed, available; before discharge, on its way. */
export function containerStateOf(a: StateAttributes, now: Date): ContainerStateKind {
  if (isDone(a)) return afterPickup(a, now)
  if (!isWaiting(a)) return beforeDischarge(a)
  return waiting(a, now)
}

export const pickableWithoutCharge = (kind: ContainerStateKind) => kind === 'available'

export const blockedByHold = (kind: ContainerStateKind) => kind === 'on_hold' || kind === 'overdue_on_hold'

export type Locale = 'en' | 'es'

type Words = {
  label: string
  headline: string
}

const EN: Record<ContainerStateKind, Words> = {
  not_shipped: { label: 'Not yet shipped', headline: 'Not yet shipped' },
  loaded: { label: 'Loaded', headline: 'Loaded at origin, not yet sailed' },
  on_vessel: { label: 'On vessel', headline: 'On vessel {vessel}' },
  arrived: { label: 'Arrived', headline: 'Arrived, waiting to be discharged' },
  discharged: { label: 'Discharged', headline: 'Discharged at {where}, not yet available' },
  awaiting_rail: { label: 'Awaiting rail', headline: 'Waiting to be loaded on rail' },
  on_rail: { label: 'On rail', headline: 'On rail to the inland ramp' },
  on_hold: { label: 'On hold', headline: 'Not available: {holds}' },
  available: { label: 'Available', headline: 'Available for pickup at {where}' },
  unconfirmed: {
    label: 'Unconfirmed',
    headline: 'Unconfirmed: {where} has not been checked lately; its last free day may have changed',
  },
  overdue: { label: 'Overdue', headline: 'Overdue: available for pickup at {where}' },
  overdue_on_hold: { label: 'Overdue, on hold', headline: 'Overdue and not available: {holds}' },
  overdue_not_available: { label: 'Overdue', headline: 'Overdue: not yet available' },
  picked_up: { label: 'Picked up', headline: 'Picked up' },
  dropped: { label: 'Dropped', headline: 'Picked up and dropped' },
  delivered: { label: 'Delivered', headline: 'Delivered' },
  empty_due: { label: 'Empty due', headline: 'Empty due back at {where} by {date}' },
  empty_overdue: { label: 'Empty overdue', headline: 'Empty overdue: detention accruing' },
  empty_returned: { label: 'Empty returned', headline: 'Empty returned' },
}

const ES: Record<ContainerStateKind, Words> = {
  not_shipped: { label: 'Aún no embarcado', headline: 'Aún no embarcado' },
  loaded: { label: 'Cargado', headline: 'Cargado en origen, aún no ha zarpado' },
  on_vessel: { label: 'En el buque', headline: 'En el buque {vessel}' },
  arrived: { label: 'Llegó', headline: 'Llegó, a la espera de ser descargado' },
  discharged: { label: 'Descargado', headline: 'Descargado en {where}, aún no disponible' },
  awaiting_rail: { label: 'Esperando el tren', headline: 'A la espera de ser cargado en tren' },
  on_rail: { label: 'En tren', headline: 'En tren hacia la terminal interior' },
  on_hold: { label: 'Retenido', headline: 'No disponible: {holds}' },
  available: { label: 'Disponible', headline: 'Disponible para retirar en {where}' },
  unconfirmed: {
    label: 'Sin confirmar',
    headline:
      'Sin confirmar: {where} no se ha consultado últimamente; su último día libre puede haber cambiado',
  },
  overdue: { label: 'Vencido', headline: 'Vencido: disponible para retirar en {where}' },
  overdue_on_hold: { label: 'Vencido, retenido', headline: 'Vencido y no disponible: {holds}' },
  overdue_not_available: { label: 'Vencido', headline: 'Vencido: aún no disponible' },
  picked_up: { label: 'Retirado', headline: 'Retirado' },
  dropped: { label: 'Dejado', headline: 'Retirado y dejado' },
  delivered: { label: 'Entregado', headline: 'Entregado' },
  empty_due: { label: 'Vacío por devolver', headline: 'Devolver el vacío en {where} a más tardar el {date}' },
  empty_overdue: { label: 'Vacío vencido', headline: 'Vacío vencido: se acumula la detención' },
  empty_returned: { label: 'Vacío devuelto', headline: 'Vacío devuelto' },
}

const HOLDS: Record<Locale, Record<string, string>> = {
  en: {
    customs: 'customs hold',
    freight: 'freight hold',
    USDA: 'USDA hold',
    VACIS: 'VACIS exam',
    TMF: 'Traffic Mitigation Fee hold',
    other: 'terminal hold',
  },
  es: {
    customs: 'retención de aduanas',
    freight: 'retención de flete',
    USDA: 'retención del USDA',
    VACIS: 'inspección VACIS',
    TMF: 'retención por la tasa TMF',
    other: 'retención de la terminal',
  },
}
const PENDING: Record<Locale, string> = { en: ' (pending)', es: ' (pendiente)' }
const A_HOLD: Record<Locale, string> = { en: 'a hold', es: 'una retención' }
const THE_TERMINAL: Record<Locale, Record<'terminal' | 'off_dock', string>> = {
  en: { terminal: 'the terminal', off_dock: 'the off-dock yard' },
  es: { terminal: 'la terminal', off_dock: 'el depósito fuera del muelle' },
}

export const holdWordsIn = (locale: Locale) => (hold: { name: string; status?: string | null }) =>
  `${HOLDS[locale][hold.name] ?? (locale === 'es' ? `retención ${hold.name}` : `${hold.name} hold`)}${hold.status === 'pending' ? PENDING[locale] : ''}`

export const holdWords = holdWordsIn('en')

/** A container's holds as one line ('' for none), so the board, CSV, the widget and the assistant list them alike. */
export const holdsLine = (a: StateAttributes, locale: Locale = 'en') =>
  (a.holds_at_pod_terminal ?? []).map(holdWordsIn(locale)).join(', ')

const deadlineFormats = new Map<string, Intl.DateTimeFormat>()
/** The empty's deadline as its day in the zone of pickup: "Nov 27", "27 nov". */
const deadlineWords = (a: StateAttributes, locale: Locale) => {
  if (!a.empty_return_deadline) return ''
  const zone = returnZoneOf(a)
  const key = `${locale} ${zone}`
  let format = deadlineFormats.get(key)
  if (!format) {
    const options = { month: 'short', day: 'numeric' } as const
    try {
      format = new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { timeZone: zone, ...options })
    } catch {
      format = new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { timeZone: 'UTC', ...options })
    }
    deadlineFormats.set(key, format)
  }
  return format.format(new Date(a.empty_return_deadline))
}

export type StateContext = {
  terminalName?: string | null
  vesselName?: string | null
}

export function stateWords(
  kind: ContainerStateKind,
  a: StateAttributes,
  context: StateContext = {},
  locale: Locale = 'en',
) {
  const words = (locale === 'es' ? ES : EN)[kind]
  // a holds group not shared with a viewer (the widget) must not be named through the state either
  const holds = a.holds_at_pod_terminal ? holdsLine(a, locale) : A_HOLD[locale]
  const where =
    a.current_status === 'off_dock'
      ? THE_TERMINAL[locale].off_dock
      : (context.terminalName ?? THE_TERMINAL[locale].terminal)
  const headline = words.headline
    .replace('{where}', where)
    .replace('{holds}', holds)
    .replace('{vessel}', context.vesselName ?? '')
    .replace('{date}', deadlineWords(a, locale))
    .trim()
  return { label: words.label, headline }
}
