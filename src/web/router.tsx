import { createBrowserRouter, redirect } from 'react-router-dom'
import { sessionClient } from './api/session'
import { AppShell } from './components/layout/app-shell'
import { RouteError } from './components/layout/route-error'
import { containerQueries } from './features/containers/container-queries'
import { listParamsFrom, shipmentQueries } from './features/shipments/shipment-queries'
import { queryClient } from './providers'

/** Loaders run in parallel, so each one waits for the session (one shared request) before fetching data. */
const requireSession = async () => {
  const session = await queryClient.ensureQueryData({ queryKey: ['session'], queryFn: sessionClient.get })
  if (!session.signedIn) throw redirect('/sign-in')
  return session
}

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
        loader: async ({ request }) => {
          await requireSession()
          void queryClient.prefetchQuery(
            shipmentQueries.list(listParamsFrom(new URL(request.url).searchParams)),
          )
          return null
        },
        lazy: async () => ({
          Component: (await import('./features/shipments/shipments-page')).ShipmentsPage,
        }),
      },
      {
        path: 'containers/:id',
        ErrorBoundary: RouteError,
        loader: async ({ params }) => {
          await requireSession()
          void queryClient.prefetchQuery(containerQueries.detail(params.id ?? ''))
          return null
        },
        lazy: async () => ({
          Component: (await import('./features/containers/container-page')).ContainerPage,
        }),
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
