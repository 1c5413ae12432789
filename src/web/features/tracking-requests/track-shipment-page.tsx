import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { sessionQuery } from '../../api/session'
import { TrackOneForm } from './track-one-form'

const TrackMany = lazy(async () => ({ default: (await import('./track-many')).TrackMany }))

const READ_ONLY = 'Your access is read-only: you can look things up, but not start tracking.'

/** Track one number, or many at once; the choice lives in the URL. */
export function TrackShipmentPage() {
  const [search] = useSearchParams()
  const many = search.get('mode') === 'many'
  const session = useQuery(sessionQuery).data
  const unavailable = session?.access === 'read-only' ? READ_ONLY : undefined
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
      {unavailable ? (
        <p className="banner banner-warning" role="status">
          {unavailable}
        </p>
      ) : null}
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
