/** Dates and numbers come from Intl in the same locale. */
const en = {
  loading: 'Loading tracking…',
  empty: 'No shipments to show.',
  emptyNumber: 'No shipment with this number is being tracked.',
  shipment: 'Shipment',
  shipments: 'Shipments',
  container: 'Container',
  containers: 'Containers',
  timeline: 'Timeline',
  line: 'Shipping line',
  from: 'From',
  to: 'To',
  eta: 'Arrives',
  ata: 'Arrived',
  etd: 'Departs',
  atd: 'Departed',
  vessel: 'Vessel',
  status: 'Status',
  holds: 'Holds',
  noHolds: 'No holds',
  lastFreeDay: 'Last free day',
  fees: 'Fees',
  noFees: 'No fees',
  returnEmptyBy: 'Return empty by',
  detention: 'Detention',
  detentionToday: '{today} if returned today; {perDay} each further day',
  detentionTotal: '{total} in all',
  noEvents: 'No events yet.',
  unknown: 'Not known yet',
  portTime: 'port time',
  yourTime: 'your time',
  showTimeline: 'Show timeline of {number}',
  errorRevoked: 'This tracking link has been revoked by its owner.',
  errorExpired: 'This tracking link has expired.',
  errorOrigin: 'This site is not allowed to show this tracking.',
  errorUnknown: 'This tracking link is not valid.',
  errorLimited: 'Too many requests; tracking will be back in a minute.',
  errorNotFound: 'This shipment cannot be shown here.',
  errorNetwork:
    'Tracking could not be loaded. This site may not be allowed to show it, or the service cannot be reached.',
  errorNumber: 'Enter a bill of lading or container number to track.',
  retry: 'Try again',
  track: 'Track',
  status_new: 'Booked',
  status_on_ship: 'On vessel',
  status_available: 'Available',
  status_not_available: 'Not available',
  status_grounded: 'Grounded',
  status_on_rail: 'On rail',
  status_picked_up: 'Picked up',
  status_off_dock: 'Off dock',
  status_delivered: 'Delivered',
  status_dropped: 'Dropped',
  status_loaded: 'Loaded',
  status_empty_returned: 'Empty returned',
  status_awaiting_inland_transfer: 'Awaiting inland transfer',
}
type Messages = typeof en

const es: Messages = {
  loading: 'Cargando seguimiento…',
  empty: 'No hay envíos que mostrar.',
  emptyNumber: 'No se está siguiendo ningún envío con este número.',
  shipment: 'Envío',
  shipments: 'Envíos',
  container: 'Contenedor',
  containers: 'Contenedores',
  timeline: 'Cronología',
  line: 'Naviera',
  from: 'Origen',
  to: 'Destino',
  eta: 'Llega',
  ata: 'Llegó',
  etd: 'Sale',
  atd: 'Salió',
  vessel: 'Buque',
  status: 'Estado',
  holds: 'Retenciones',
  noHolds: 'Sin retenciones',
  lastFreeDay: 'Último día libre',
  fees: 'Cargos',
  noFees: 'Sin cargos',
  returnEmptyBy: 'Devolver el vacío a más tardar',
  detention: 'Detención',
  detentionToday: '{today} si se devuelve hoy; {perDay} por cada día más',
  detentionTotal: '{total} en total',
  noEvents: 'Todavía no hay eventos.',
  unknown: 'Aún no se sabe',
  portTime: 'hora del puerto',
  yourTime: 'su hora',
  showTimeline: 'Ver la cronología de {number}',
  errorRevoked: 'Su propietario ha revocado este enlace de seguimiento.',
  errorExpired: 'Este enlace de seguimiento ha caducado.',
  errorOrigin: 'Este sitio no tiene permiso para mostrar este seguimiento.',
  errorUnknown: 'Este enlace de seguimiento no es válido.',
  errorLimited: 'Demasiadas solicitudes; el seguimiento volverá en un minuto.',
  errorNotFound: 'Este envío no se puede mostrar aquí.',
  errorNetwork:
    'No se pudo cargar el seguimiento. Puede que este sitio no tenga permiso para mostrarlo o que el servicio no responda.',
  errorNumber: 'Introduzca un número de conocimiento de embarque o de contenedor.',
  retry: 'Reintentar',
  track: 'Seguir',
  status_new: 'Reservado',
  status_on_ship: 'En el buque',
  status_available: 'Disponible',
  status_not_available: 'No disponible',
  status_grounded: 'En tierra',
  status_on_rail: 'En tren',
  status_picked_up: 'Retirado',
  status_off_dock: 'Fuera del muelle',
  status_delivered: 'Entregado',
  status_dropped: 'Dejado',
  status_loaded: 'Cargado',
  status_empty_returned: 'Vacío devuelto',
  status_awaiting_inland_transfer: 'Esperando traslado interior',
}

const EVENTS: Record<'en' | 'es', Record<string, string>> = {
  en: {
    full_in: 'Received at origin terminal',
    vessel_loaded: 'Loaded on vessel',
    vessel_departed: 'Vessel departed',
    transshipment_arrived: 'Arrived at transshipment port',
    transshipment_discharged: 'Discharged at transshipment port',
    transshipment_loaded: 'Loaded at transshipment port',
    transshipment_departed: 'Departed transshipment port',
    vessel_arrived: 'Vessel arrived',
    vessel_berthed: 'Vessel berthed',
    vessel_discharged: 'Discharged',
    available: 'Available for pickup',
    not_available: 'Not available',
    full_out: 'Picked up',
    rail_loaded: 'Loaded on rail',
    rail_departed: 'Rail departed',
    rail_arrived: 'Rail arrived',
    rail_unloaded: 'Unloaded from rail',
    arrived_at_inland_destination: 'Arrived at inland destination',
    delivered: 'Delivered',
    empty_out: 'Empty picked up',
    empty_in: 'Empty returned',
  },
  es: {
    full_in: 'Recibido en la terminal de origen',
    vessel_loaded: 'Cargado en el buque',
    vessel_departed: 'El buque salió',
    transshipment_arrived: 'Llegó al puerto de transbordo',
    transshipment_discharged: 'Descargado en el puerto de transbordo',
    transshipment_loaded: 'Cargado en el puerto de transbordo',
    transshipment_departed: 'Salió del puerto de transbordo',
    vessel_arrived: 'El buque llegó',
    vessel_berthed: 'El buque atracó',
    vessel_discharged: 'Descargado',
    available: 'Disponible para retirar',
    not_available: 'No disponible',
    full_out: 'Retirado',
    rail_loaded: 'Cargado en tren',
    rail_departed: 'El tren salió',
    rail_arrived: 'El tren llegó',
    rail_unloaded: 'Descargado del tren',
    arrived_at_inland_destination: 'Llegó al destino interior',
    delivered: 'Entregado',
    empty_out: 'Vacío retirado',
    empty_in: 'Vacío devuelto',
  },
}

export type Locale = 'en' | 'es'
export const localeOf = (value: string | null): Locale =>
  value?.toLowerCase().startsWith('es') ? 'es' : 'en'

export function messagesFor(locale: Locale) {
  const catalog = locale === 'es' ? es : en
  const t = (key: keyof Messages, values: Record<string, string> = {}) =>
    catalog[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
  const status = (value: unknown) =>
    typeof value === 'string'
      ? ((catalog as Record<string, string>)[`status_${value}`] ?? humanize(value))
      : t('unknown')
  /** An unknown kind is spelled out rather than hidden. */
  const event = (kind: string) => {
    const last = kind.split('.').at(-1) ?? kind
    return EVENTS[locale][last] ?? humanize(last)
  }
  return { t, status, event }
}
export type WidgetMessages = ReturnType<typeof messagesFor>

const humanize = (value: string) => {
  const words = value.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
