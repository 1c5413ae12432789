import type { FetchQueryOptions } from '@tanstack/react-query'
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router-dom'
import { referenceQueries } from './api/reference-queries'
import { sessionClient } from './api/session'
import { AppShell } from './components/layout/app-shell'
import { RouteError } from './components/layout/route-error'
import { containerQueries } from './features/containers/container-queries'
import { listParamsFrom, shipmentQueries } from './features/shipments/shipment-queries'
import {
  requestListParamsFrom,
  trackingRequestQueries,
} from './features/tracking-requests/tracking-request-queries'
import { queryClient } from './providers'

/** Loaders run in parallel, so each one waits for the session (one shared request) before fetching data. */
const requireSession = async () => {
  const session = await queryClient.ensureQueryData({ queryKey: ['session'], queryFn: sessionClient.get })
  if (!session.signedIn) throw redirect('/sign-in')
  return session
}

/**
 * A loader that starts every query the page needs at once, without waiting for them: the page renders
 * its skeleton at once and each query's data as it lands, so there is no request waterfall.
 */
const prefetch =
  // biome-ignore lint/suspicious/noExplicitAny: each query has its own data type
    (queries: (args: LoaderFunctionArgs) => FetchQueryOptions<any, any, any, any>[]) =>
    async (args: LoaderFunctionArgs) => {
      await requireSession()
      for (const query of queries(args)) void queryClient.prefetchQuery(query)
      return null
    }

const searchOf = (request: Request) => new URL(request.url).searchParams

export const router = createBrowserRouter([
  {
    path: '/sign-in',
    lazy: async () => ({ Component: (await import('./features/session/sign-in-page')).SignInPage }),
  },
  {
    path: '/',
    loader: requireSession,
    Component: AppShell,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect('/shipments') },
      {
        path: 'shipments',
        ErrorBoundary: RouteError,
        loader: prefetch(({ request }) => [
          shipmentQueries.list(listParamsFrom(searchOf(request))),
          referenceQueries.shippingLines(),
          referenceQueries.customers(),
        ]),
        lazy: async () => ({
          Component: (await import('./features/shipments/shipments-page')).ShipmentsPage,
        }),
      },
      {
        path: 'shipments/:id',
        ErrorBoundary: RouteError,
        loader: prefetch(({ params }) => [shipmentQueries.detail(params.id ?? '')]),
        lazy: async () => ({ Component: (await import('./features/shipments/shipment-page')).ShipmentPage }),
      },
      {
        path: 'containers/:id',
        ErrorBoundary: RouteError,
        loader: prefetch(({ params, request }) => [
          containerQueries.detail(params.id ?? ''),
          ...(searchOf(request).get('events') === 'carrier'
            ? [containerQueries.rawEvents(params.id ?? '')]
            : []),
        ]),
        lazy: async () => ({
          Component: (await import('./features/containers/container-page')).ContainerPage,
        }),
      },
      {
        path: 'tracking-requests',
        ErrorBoundary: RouteError,
        loader: prefetch(({ request }) => [
          trackingRequestQueries.list(requestListParamsFrom(searchOf(request))),
        ]),
        lazy: async () => ({
          Component: (await import('./features/tracking-requests/tracking-requests-page'))
            .TrackingRequestsPage,
        }),
      },
      {
        path: 'tracking-requests/new',
        ErrorBoundary: RouteError,
        loader: prefetch(() => [referenceQueries.shippingLines()]),
        lazy: async () => ({
          Component: (await import('./features/tracking-requests/track-shipment-page')).TrackShipmentPage,
        }),
      },
      {
        path: 'tracking-requests/:id',
        ErrorBoundary: RouteError,
        loader: prefetch(({ params }) => [trackingRequestQueries.detail(params.id ?? '')]),
        lazy: async () => ({
          Component: (await import('./features/tracking-requests/tracking-request-page')).TrackingRequestPage,
        }),
      },
      {
        path: 'settings',
        ErrorBoundary: RouteError,
        lazy: async () => ({ Component: (await import('./features/settings/settings-page')).SettingsPage }),
      },
      {
        path: '*',
        loader: () => {
          throw new Response('Not found', { status: 404 })
        },
      },
    ],
  },
])
