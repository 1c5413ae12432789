/** The dashboard's router declares exactly these; the server answers 404 for any other page. */
export const APP_ROUTES = [
  '/',
  '/sign-in',
  '/invite/:token',
  '/reset-password/:token',
  '/containers',
  '/containers/:id',
  '/pickups',
  '/shipments',
  '/shipments/:id',
  '/tracking-requests',
  '/tracking-requests/new',
  '/tracking-requests/:id',
  '/settings',
  '/settings/custom-fields',
  '/settings/embeds',
  '/settings/connection',
  '/settings/people',
  '/settings/profile',
  '/settings/alerts',
  '/alerts',
  '/account',
  '/webhooks',
  '/webhooks/new',
  '/webhooks/deliveries',
  '/webhooks/notifications/:id',
  '/webhooks/:id',
  '/webhooks/:id/deliveries',
  '/map',
  '/charges',
  '/email',
  '/email/:id',
  '/documents/:id',
] as const

const PATTERNS = APP_ROUTES.map(
  (route) => new RegExp(`^${route.replaceAll(/:[a-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
)

export const isAppRoute = (pathname: string) => PATTERNS.some((pattern) => pattern.test(pathname))
