import { confidenceWords, type Payload, placeOf } from './payload-fields'

type Props = { payload: Payload | undefined; onPoint: (key: string | undefined) => void; pointed?: string }

export function OtherReadings({ payload, onPoint, pointed }: Props) {
  const values = payload?.values ?? []
  const fees = values.filter((v) => v.field === 'fee')
  const booking = placeOf(values, 'booking_number')
  const rejected = ((payload as Record<string, unknown> | undefined)?.rejected ?? []) as {
    text?: string
    reason?: string
    suggestions?: string[]
  }[]
  if (fees.length === 0 && !booking && rejected.length === 0) return null
  const show = (key: string, page: number) => (
    <button
      type="button"
      className="link-button small"
      aria-pressed={pointed === key}
      onClick={() => onPoint(pointed === key ? undefined : key)}
    >
      {pointed === key ? 'Hide mark' : `Show where on page ${page}`}
    </button>
  )
  return (
    <>
      {booking ? (
        <fieldset className="extracted-group">
          <legend>Booking</legend>
          <p>
            <span className="mono">{String(booking.value)}</span>{' '}
            <span className="muted small">
              page {booking.page}, {confidenceWords(booking.confidence)}
            </span>{' '}
            {show('booking_number', booking.page)}
          </p>
        </fieldset>
      ) : null}
      {fees.length > 0 ? (
        <fieldset className="extracted-group">
          <legend>Fees</legend>
          <ul className="plain-list">
            {fees.map((fee, i) => {
              const value = fee.value as { type?: string; amount?: number; currency?: string }
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: fees are listed in the order they were read
                <li key={i}>
                  {(value.type ?? 'fee').replaceAll('_', ' ')}:{' '}
                  <strong>
                    {value.amount !== undefined
                      ? new Intl.NumberFormat(undefined, {
                          style: 'currency',
                          currency: value.currency || 'USD',
                        }).format(value.amount)
                      : fee.text}
                  </strong>{' '}
                  <span className="muted small">{confidenceWords(fee.confidence)}</span>{' '}
                  {show(`fee:${i}`, fee.page)}
                </li>
              )
            })}
          </ul>
        </fieldset>
      ) : null}
      {rejected.length > 0 ? (
        <fieldset className="extracted-group">
          <legend>Set aside</legend>
          <ul className="plain-list">
            {rejected.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: listed in the order they were read
              <li key={i}>
                <span className="mono">{r.text}</span>: {r.reason}
                {r.suggestions?.length ? ` (perhaps ${r.suggestions.join(' or ')})` : ''}
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </>
  )
}
