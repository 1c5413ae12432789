import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import { isAppRoute } from '../../contract/app-routes'

/**
 * The dashboard's page for any address not served as a file: 200 for one of its routes, 404 for anything
 * else, with the same page, so the browser shows the dashboard's own "Page not found" and a crawler or
 * link checker sees a real 404.
 */
export const appPage = (staticRoot: string) => async (c: Context) => {
  // read each time: a new build replaces the page and the assets it names
  const html = await readFile(join(staticRoot, 'index.html'), 'utf8')
  const status = isAppRoute(new URL(c.req.url).pathname) ? 200 : 404
  return c.html(html, status, { 'Cache-Control': 'no-cache' })
}
