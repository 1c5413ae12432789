import { Link, useLocation } from 'react-router-dom'

/** Inside the frame so the navigation is still there. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <span className="mono">{pathname}</span>. The link may be old or mistyped.
      </p>
      <ul>
        <li>
          <Link to="/">Go to the board</Link> to see what needs doing today
        </li>
        <li>
          <Link to="/shipments">Search shipments</Link> by bill of lading, reference or container number
        </li>
      </ul>
    </section>
  )
}
