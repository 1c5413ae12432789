import { createBrowserRouter, redirect } from 'react-router-dom'
import { sessionClient } from './api/session'
import { AppShell } from './components/layout/app-shell'
import { RouteError } from './components/layout/route-error'
import { listParamsFrom, shipmentQueries } from './features/shipments/shipment-queries'
import { queryClient } from './providers'

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
        loader: ({ request }) => {
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
        path: '*',
        loader: () => {
          throw new Response('Not found', { status: 404 })
        },
      },
    ],
  },
])
