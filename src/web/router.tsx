import { type ComponentType, lazy } from 'react'
import { type RouteObject, useParams, useRoutes, useSearchParams } from 'react-router-dom'
import { AppShell } from './components/layout/app-shell'
import { type FeatureSlots, FeatureSlotsProvider } from './components/layout/feature-slots'
import { RouteBoundary } from './components/layout/route-boundary'
import { SignedIn } from './components/layout/signed-in'
import { usePrefetch } from './components/layout/use-prefetch'
import { BoardPage } from './features/containers/board-page'

const page = (load: () => Promise<ComponentType>) =>
  lazy(() => load().then((Component) => ({ default: Component })))

// a mistyped link is rare: its page loads when it happens
const NotFoundPage = page(async () => (await import('./components/layout/not-found-page')).NotFoundPage)
const SignInPage = page(async () => (await import('./features/session/sign-in-page')).SignInPage)
const InvitePage = page(async () => (await import('./features/session/invite-page')).InvitePage)
const ResetPasswordPage = page(
  async () => (await import('./features/session/reset-password-page')).ResetPasswordPage,
)
const PeoplePage = page(async () => (await import('./features/people/people-page')).PeoplePage)
const ProfilePage = page(async () => (await import('./features/profile/profile-page')).ProfilePage)

// filled only when the passkeys feature's files exist, each loaded when first shown
const passkeyFiles = import.meta.glob<Record<string, ComponentType>>(
  './features/passkeys/{passkey-sign-in-button,passkey-join,passkeys-section}.tsx',
)
const slotFrom = (file: string, name: string) => {
  const load = passkeyFiles[`./features/passkeys/${file}.tsx`]
  return load ? lazy(async () => ({ default: (await load())[name] })) : undefined
}
const slots = {
  PasskeySignInButton: slotFrom('passkey-sign-in-button', 'PasskeySignInButton'),
  PasskeyJoin: slotFrom('passkey-join', 'PasskeyJoin'),
  PasskeysSection: slotFrom('passkeys-section', 'PasskeysSection'),
} as FeatureSlots
const ContainerPage = page(async () => (await import('./features/containers/container-page')).ContainerPage)
const ShipmentsPage = page(async () => (await import('./features/shipments/shipments-page')).ShipmentsPage)
const ShipmentPage = page(async () => (await import('./features/shipments/shipment-page')).ShipmentPage)
const TrackingRequestsPage = page(
  async () => (await import('./features/tracking-requests/tracking-requests-page')).TrackingRequestsPage,
)
const TrackShipmentPage = page(
  async () => (await import('./features/tracking-requests/track-shipment-page')).TrackShipmentPage,
)
const TrackingRequestPage = page(
  async () => (await import('./features/tracking-requests/tracking-request-page')).TrackingRequestPage,
)
const SettingsPage = page(async () => (await import('./features/settings/settings-page')).SettingsPage)
const ConnectionsPage = page(
  async () => (await import('./features/connections/connections-page')).ConnectionsPage,
)
const CustomFieldsPage = page(
  async () => (await import('./features/custom-fields/custom-fields-page')).CustomFieldsPage,
)
const EmbedsPage = page(async () => (await import('./features/embeds/embeds-page')).EmbedsPage)
const InboxPage = page(async () => (await import('./features/email/inbox-page')).InboxPage)
const SubmissionPage = page(async () => (await import('./features/email/submission-page')).SubmissionPage)
const DocumentPage = page(async () => (await import('./features/documents/document-page')).DocumentPage)
const PickupsPage = page(async () => (await import('./features/pickups/pickups-page')).PickupsPage)
const ChargesPage = page(async () => (await import('./features/charges/charges-page')).ChargesPage)
const MapPage = page(async () => (await import('./features/map/map-page')).MapPage)
const AlertRulesPage = page(async () => (await import('./features/alerts/alert-rules-page')).AlertRulesPage)
const AlertsPage = page(async () => (await import('./features/alerts/alerts-page')).AlertsPage)
const AccountPage = page(async () => (await import('./features/account/account-page')).AccountPage)
const WebhooksPage = page(async () => (await import('./features/webhooks/webhooks-page')).WebhooksPage)
const NewWebhookPage = page(async () => (await import('./features/webhooks/webhook-page')).NewWebhookPage)
const WebhookPage = page(async () => (await import('./features/webhooks/webhook-page')).WebhookPage)
const DeliveriesPage = page(async () => (await import('./features/webhooks/deliveries-page')).DeliveriesPage)
const NotificationPage = page(
  async () => (await import('./features/webhooks/notification-page')).NotificationPage,
)

// each page's queries start while its code loads
const shipmentQueries = () => import('./features/shipments/shipment-queries')
const containerQueries = () => import('./features/containers/container-queries')
const requestQueries = () => import('./features/tracking-requests/tracking-request-queries')
const emailQueries = () => import('./features/email/email-queries')
const documentQueries = () => import('./features/documents/document-queries')
const linkedDocuments = async (kind: 'shipment' | 'container', id: string) => {
  void import('./components/documents/linked-documents')
  return (await import('./components/documents/linked-document-queries')).linkedDocumentQueries.forEntity(
    kind,
    id,
  )
}

const history = async (kind: 'shipment' | 'container', id: string) => {
  void import('./components/history/change-history')
  return (await import('./components/history/history-queries')).historyQueries.forTarget(kind, id)
}

function ShipmentsRoute() {
  const [search] = useSearchParams()
  usePrefetch(search.toString(), async () => {
    const { listParamsFrom, shipmentQueries: queries } = await shipmentQueries()
    return [queries.list(listParamsFrom(search))]
  })
  return <ShipmentsPage />
}

function ShipmentRoute() {
  const { id = '' } = useParams()
  usePrefetch(id, async () => [
    (await shipmentQueries()).shipmentQueries.detail(id),
    await linkedDocuments('shipment', id),
    await history('shipment', id),
  ])
  return <ShipmentPage />
}

function ContainerRoute() {
  const { id = '' } = useParams()
  const [search] = useSearchParams()
  const raw = search.get('events') === 'carrier'
  usePrefetch(`${id}|${raw}`, async () => {
    const queries = (await containerQueries()).containerQueries
    return [
      queries.detail(id),
      ...(raw ? [queries.rawEvents(id)] : []),
      await linkedDocuments('container', id),
      await history('container', id),
    ]
  })
  return <ContainerPage />
}

function TrackingRequestsRoute() {
  const [search] = useSearchParams()
  usePrefetch(search.toString(), async () => {
    const { trackingRequestQueries, requestListParamsFrom } = await requestQueries()
    return [trackingRequestQueries.list(requestListParamsFrom(search))]
  })
  return <TrackingRequestsPage />
}

function TrackingRequestRoute() {
  const { id = '' } = useParams()
  usePrefetch(id, async () => [(await requestQueries()).trackingRequestQueries.detail(id)])
  return <TrackingRequestPage />
}

function InboxRoute() {
  const [search] = useSearchParams()
  usePrefetch(search.toString(), async () => {
    const { emailQueries: queries, inboxParamsFrom } = await emailQueries()
    return [queries.list(inboxParamsFrom(search))]
  })
  return <InboxPage />
}

function SubmissionRoute() {
  const { id = '' } = useParams()
  usePrefetch(id, async () => [(await emailQueries()).emailQueries.detail(id)])
  return <SubmissionPage />
}

function DocumentRoute() {
  const { id = '' } = useParams()
  // the preview does not wait for the details
  usePrefetch(id, async () => {
    const { documentQueries: queries } = await documentQueries()
    return [queries.detail(id), queries.file(id)]
  })
  return <DocumentPage />
}

/** Exactly the paths `APP_ROUTES` in the contract lists (a test holds them equal). */
export const routes: RouteObject[] = [
  {
    path: '/sign-in',
    element: (
      <RouteBoundary>
        <SignInPage />
      </RouteBoundary>
    ),
  },
  {
    path: '/invite/:token',
    element: (
      <RouteBoundary>
        <InvitePage />
      </RouteBoundary>
    ),
  },
  {
    path: '/reset-password/:token',
    element: (
      <RouteBoundary>
        <ResetPasswordPage />
      </RouteBoundary>
    ),
  },
  {
    path: '/',
    element: (
      <SignedIn>
        <AppShell />
      </SignedIn>
    ),
    children: [
      { index: true, element: <BoardPage /> },
      { path: 'containers', element: <BoardPage /> },
      { path: 'containers/:id', element: <ContainerRoute /> },
      { path: 'pickups', element: <PickupsPage /> },
      { path: 'shipments', element: <ShipmentsRoute /> },
      { path: 'shipments/:id', element: <ShipmentRoute /> },
      { path: 'tracking-requests', element: <TrackingRequestsRoute /> },
      { path: 'tracking-requests/new', element: <TrackShipmentPage /> },
      { path: 'tracking-requests/:id', element: <TrackingRequestRoute /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'settings/custom-fields', element: <CustomFieldsPage /> },
      { path: 'settings/embeds', element: <EmbedsPage /> },
      { path: 'settings/connection', element: <ConnectionsPage /> },
      { path: 'settings/people', element: <PeoplePage /> },
      { path: 'settings/profile', element: <ProfilePage /> },
      { path: 'settings/alerts', element: <AlertRulesPage /> },
      { path: 'alerts', element: <AlertsPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'webhooks', element: <WebhooksPage /> },
      { path: 'webhooks/new', element: <NewWebhookPage /> },
      { path: 'webhooks/deliveries', element: <DeliveriesPage /> },
      { path: 'webhooks/notifications/:id', element: <NotificationPage /> },
      { path: 'webhooks/:id', element: <WebhookPage /> },
      { path: 'webhooks/:id/deliveries', element: <DeliveriesPage /> },
      { path: 'map', element: <MapPage /> },
      { path: 'charges', element: <ChargesPage /> },
      { path: 'email', element: <InboxRoute /> },
      { path: 'email/:id', element: <SubmissionRoute /> },
      { path: 'documents/:id', element: <DocumentRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function AppRoutes() {
  return <FeatureSlotsProvider slots={slots}>{useRoutes(routes)}</FeatureSlotsProvider>
}
