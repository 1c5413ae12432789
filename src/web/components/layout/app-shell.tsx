import { useIsFetching } from '@tanstack/react-query'
import { NavLink, Outlet, useNavigation } from 'react-router-dom'
import { GoToBox } from './go-to-box'
import { OfflineBanner } from './offline-banner'

const NAV = [
  { to: '/shipments', label: 'Shipments' },
  { to: '/tracking-requests', label: 'Tracking requests' },
  { to: '/settings', label: 'Settings' },
]

export function AppShell() {
  const navigation = useNavigation()
  const fetching = useIsFetching()
  const busy = navigation.state !== 'idle' || fetching > 0
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="progress" role="progressbar" aria-label="Loading" hidden={!busy} />
      <header className="app-header">
        <span className="brand">Quayside</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <GoToBox />
      </header>
      <OfflineBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}
