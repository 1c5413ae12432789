import { ignoredByServer } from './list-verification'
import type { ShipmentListParams } from './shipment-queries'
import type { ShipmentRow } from './shipments-columns'

/** Only once the rows on screen are this view's own answer. */
export function IgnoredViewBanner({
  params,
  rows,
  current,
}: {
  params: ShipmentListParams
  rows: ShipmentRow[]
  current: boolean
}) {
  const ignored = current ? ignoredByServer(params, rows) : []
  if (ignored.length === 0) return null
  return (
    <div className="banner banner-warning" role="alert">
      <strong>This server ignored part of your view: {ignored.join(', ')}.</strong> The rows below are not
      limited or ordered by {ignored.length === 1 ? 'it' : 'them'}, so some do not match what you asked for.
    </div>
  )
}
