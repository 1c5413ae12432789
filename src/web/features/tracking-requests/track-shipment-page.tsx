import { lazy, Suspense } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { TrackOneForm } from './track-one-form'

const TrackMany = lazy(async () => ({ default: (await import('./track-many')).TrackMany }))

/** The choice of one or many lives in the URL. */
export function TrackShipmentPage() {
  const [search] = useSearchParams()
  const many = search.get('mode') === 'many'
  const { canWrite, reason } = useWriteAccess()
  const unavailable = canWrite ? undefined : `Starting tracking is not available: ${reason}.`
  return (
    <section aria-labelledby="track-title" className="form-page">
      <h1 id="track-title">Track a shipment</h1>
      <nav aria-label="How many" className="tabs-inline">
        <Link
          to="?"
          aria-current={many ? undefined : 'page'}
          className={many ? 'button secondary' : 'button'}
        >
          One number
        </Link>
        <Link
          to="?mode=many"
          aria-current={many ? 'page' : undefined}
          className={many ? 'button' : 'button secondary'}
        >
          Many numbers
        </Link>
      </nav>
      <ReadOnlyNotice
        action="Tracking a new shipment"
        more="You can still look at every shipment already being tracked."
      />
      {many ? (
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <TrackMany unavailable={unavailable} />
        </Suspense>
      ) : (
        <TrackOneForm unavailable={unavailable} />
      )}
    </section>
  )
}
