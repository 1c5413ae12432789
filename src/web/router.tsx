import type { FetchQueryOptions } from '@tanstack/react-query'
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router-dom'
import { sessionQuery } from './api/session'
import { AppShell } from './components/layout/app-shell'
import { RouteError } from './components/layout/route-error'
import { listParamsFrom, shipmentQueries } from './features/shipments/shipment-queries'
import { queryClient } from './providers'

/** Loaders run in parallel, so each one waits for the session (one shared request) before fetching data. */
const requireSession = async () => {
  const session = await queryClient.ensureQueryData(sessionQuery())
  if (!session.signedIn) throw redirect('/sign-in')
  return session
}

// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type
type Queries = FetchQueryOptions<any, any, any, any>[]

/**
 * A loader that starts every query the page needs at once, without waiting for them: the page renders
 * its skeleton at once and each query's data as it lands, so there is no request waterfall.
 */
const prefetch = (queries: (args: LoaderFunctionArgs) => Queries) => async (args: LoaderFunctionArgs) => {
  await requireSession()
  for (const query of queries(args)) void queryClient.prefetchQuery(query)
  return null
}

/**
 * The same for a page whose queries live in a module of its own: the first route does not carry every
 * page's queries and schemas, and the module loads beside the page's own chunk, which imports it too.
 */
const prefetchFrom =
  <M,>(load: () => Promise<M>, queries: (module: M, args: LoaderFunctionArgs) => Queries) =>
  async (args: LoaderFunctionArgs) => {
    const [module] = await Promise.all([load(), requireSession()])
    for (const query of queries(module, args)) void queryClient.prefetchQuery(query)
    return null
  }

const containerModule = () => import('./features/containers/container-queries')
const trackingRequestModule = () => import('./features/tracking-requests/tracking-request-queries')
const referenceModule = () => import('./api/reference-queries')

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
        loader: prefetch(({ request }) => [shipmentQueries.list(listParamsFrom(searchOf(request)))]),
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
        loader: prefetchFrom(containerModule, ({ containerQueries }, { params, request }) => [
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
        loader: prefetchFrom(trackingRequestModule, (module, { request }) => [
          module.trackingRequestQueries.list(module.requestListParamsFrom(searchOf(request))),
        ]),
        lazy: async () => ({
          Component: (await import('./features/tracking-requests/tracking-requests-page'))
            .TrackingRequestsPage,
        }),
      },
      {
        path: 'tracking-requests/new',
        ErrorBoundary: RouteError,
        loader: prefetchFrom(referenceModule, ({ referenceQueries }) => [referenceQueries.shippingLines()]),
        lazy: async () => ({
          Component: (await import('./features/tracking-requests/track-shipment-page')).TrackShipmentPage,
        }),
      },
      {
        path: 'tracking-requests/:id',
        ErrorBoundary: RouteError,
        loader: prefetchFrom(trackingRequestModule, ({ trackingRequestQueries }, { params }) => [
          trackingRequestQueries.detail(params.id ?? ''),
        ]),
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
