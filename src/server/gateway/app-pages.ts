import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import { isAppRoute } from '../../contract/app-routes'

/** 404 (same page) for anything but its routes, so a crawler or link checker sees a real 404. */
export const appPage = (staticRoot: string) => async (c: Context) => {
  // read each time: a new build replaces the page and the assets it names
  const html = await readFile(join(staticRoot, 'index.html'), 'utf8')
  const status = isAppRoute(new URL(c.req.url).pathname) ? 200 : 404
  return c.html(html, status, { 'Cache-Control': 'no-cache' })
}
