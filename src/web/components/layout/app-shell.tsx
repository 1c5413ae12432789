import { useIsFetching, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useState } from 'react'
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom'
import { sessionQuery } from '../../api/session'
import { AlertBell } from '../alerts/alert-bell'
import { lazyOr } from '../lazy-or'
import { ToastRegion } from '../toast/toast-region'
import { AccountMenu } from './account-menu'
import { GoToBox } from './go-to-box'
import { useKeyboardShortcuts } from './keyboard-shortcuts'
import { OfflineBanner } from './offline-banner'
import { RouteBoundary } from './route-boundary'
import { UpstreamFreshnessLine } from './upstream-freshness-line'
import { usePhoneMenu } from './use-phone-menu'

// loaded only while an admin views as someone
const ViewAsBanner = lazy(async () => ({ default: (await import('./view-as-banner')).ViewAsBanner }))

function ShortcutsUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <p className="banner banner-warning" role="alert">
      The keyboard shortcuts could not load. Check the connection and reload the page.{' '}
      <button type="button" className="link-button" onClick={onClose}>
        Dismiss
      </button>
    </p>
  )
}

// the list of shortcuts loads when first asked for (?), not with every first page
const ShortcutsDialog = lazyOr(
  async () => (await import('./shortcuts-dialog')).ShortcutsDialog,
  ShortcutsUnavailable,
)

const NAV = [
  { to: '/', label: 'Board', end: true },
  { to: '/pickups', label: 'Pickup & delivery' },
  { to: '/shipments', label: 'Shipments' },
  { to: '/map', label: 'Map' },
  { to: '/charges', label: 'Charges' },
  { to: '/tracking-requests', label: 'Tracking requests' },
  { to: '/email', label: 'Email' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/settings', label: 'Settings' },
]

export function AppShell() {
  const navigate = useNavigate()
  const fetching = useIsFetching()
  const session = useQuery(sessionQuery).data
  const [helpShown, setHelpShown] = useState(false)
  const showHelp = useCallback(() => setHelpShown(true), [])
  useKeyboardShortcuts(navigate, showHelp)
  const menu = usePhoneMenu()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="progress" role="progressbar" aria-label="Loading" hidden={fetching === 0} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the header closes its menu */}
      <header className="app-header" onKeyDown={menu.onKeyDown}>
        <button
          type="button"
          className="menu-button secondary"
          aria-expanded={menu.open}
          aria-controls="app-menu"
          onClick={menu.toggle}
          ref={menu.button}
        >
          Menu
        </button>
        <Link to="/" className="brand">
          Quayside
        </Link>
        <div id="app-menu" className="app-menu" data-open={menu.open}>
          <nav aria-label="Main">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountMenu session={session} />
        </div>
        <GoToBox />
        <AlertBell />
      </header>
      {session?.viewingAs ? (
        <Suspense fallback={null}>
          <ViewAsBanner session={session} />
        </Suspense>
      ) : null}
      <OfflineBanner />
      <UpstreamFreshnessLine />
      <main id="main" tabIndex={-1}>
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <footer className="app-footer">
        <button type="button" className="link-button" onClick={showHelp}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      </footer>
      <ToastRegion />
      {helpShown ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setHelpShown(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
