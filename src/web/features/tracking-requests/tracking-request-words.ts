const STATUS_WORDS: Record<string, string> = {
  pending: 'Looking it up with the carrier',
  awaiting_manifest: 'Waiting for the carrier to publish it',
  created: 'Tracking',
  failed: 'Failed',
  tracking_stopped: 'Tracking stopped',
}

const FAILED_REASONS: Record<string, string> = {
  booking_cancelled: 'The carrier says the booking was cancelled.',
  duplicate: 'This number is already being tracked.',
  expired: 'The carrier no longer shows this number; it is too old.',
  internal_processing_error: 'Something went wrong on the tracking service. Try again later.',
  invalid_number: 'The carrier says this is not a valid number. Check it for typos.',
  not_found: 'The carrier does not know this number. Check the number and the carrier.',
  retries_exhausted: 'The carrier never published this number, after many tries.',
  shipping_line_unreachable: 'The carrier could not be reached. It will not be tried again automatically.',
  unrecognized_response: "The carrier's answer could not be read.",
  data_unavailable: 'The carrier has no tracking data for this number.',
  scac_auto_detect_failed: 'The carrier could not be worked out from the number. Choose it yourself.',
}

const REQUEST_TYPES: Record<string, string> = {
  bill_of_lading: 'Bill of lading',
  booking_number: 'Booking number',
  container: 'Container number',
}

/** An unknown status is shown as sent, readably. */
export const requestStatusWords = (status: string | null | undefined) =>
  status ? (STATUS_WORDS[status] ?? status.replaceAll('_', ' ')) : 'Unknown'

export const failedReasonWords = (reason: string | null | undefined) =>
  reason ? (FAILED_REASONS[reason] ?? `The carrier reported: ${reason.replaceAll('_', ' ')}.`) : undefined

export const requestTypeWords = (type: string | null | undefined) =>
  type ? (REQUEST_TYPES[type] ?? type.replaceAll('_', ' ')) : '—'

export const REQUEST_STATUS_OPTIONS = Object.keys(STATUS_WORDS)
export const REQUEST_TYPE_OPTIONS = Object.keys(REQUEST_TYPES)

/** They will not change on their own, so polling stops. */
export const isSettled = (status: string | null | undefined) =>
  status === 'created' || status === 'failed' || status === 'tracking_stopped'
