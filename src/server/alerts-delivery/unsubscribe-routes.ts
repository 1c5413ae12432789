import { Hono } from 'hono'
import type { Clock } from '../clock'
import { problem } from '../http/problem'
import type { Storage } from '../storage/storage'
import { escapeHtml } from './render-email'
import type { UnsubscribeTokens } from './unsubscribe-token'

const page = (title: string, inner: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Quayside</title></head><body><main><h1>${escapeHtml(title)}</h1>${inner}</main></body></html>`

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }

const invalid = page(
  'This unsubscribe link is not valid',
  '<p>It may have been cut short when it was copied. Use the link in the latest email from Quayside.</p>',
)

async function ruleNames(storage: Storage, ruleIds: string[]) {
  const names = await Promise.all(ruleIds.map((id) => storage.alertDelivery.ruleName(id)))
  return names.filter((name): name is string => name !== undefined)
}

const quoted = (names: string[]) => names.map((name) => `"${escapeHtml(name)}"`).join(', ')

/**
 * GET shows a confirm button and changes nothing (link scanners fetch it); POST unsubscribes, as RFC 8058's
 * one-click asks: no login and no CSRF token, since the signed link names exactly one address and its rules.
 */
export function unsubscribeRoutes(deps: { storage: Storage; clock: Clock; tokens: UnsubscribeTokens }) {
  const { storage, tokens } = deps
  return new Hono()
    .get('/:token', async (c) => {
      const found = await tokens.read(c.req.param('token'))
      if (!found) return c.body(invalid, 404, HTML)
      const names = await ruleNames(storage, found.ruleIds)
      const what = names.length > 0 ? `alerts from ${quoted(names)}` : 'these alerts'
      return c.body(
        page(
          'Stop these alert emails?',
          `<p>${escapeHtml(found.recipient)} will get no more emails for ${what}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
        ),
        200,
        HTML,
      )
    })
    .post('/:token', async (c) => {
      const found = await tokens.read(c.req.param('token'))
      if (!found)
        throw problem(404, {
          parameter: 'token',
          detail: 'This unsubscribe link is not valid',
          code: 'not_found',
        })
      const names = await ruleNames(storage, found.ruleIds)
      for (const ruleId of found.ruleIds)
        await storage.alertDelivery.unsubscribe(ruleId, found.recipient, deps.clock.now())
      return c.body(
        page(
          'Unsubscribed',
          `<p>${escapeHtml(found.recipient)} will get no more emails for ${names.length > 0 ? `alerts from ${quoted(names)}` : 'these alerts'}.</p>`,
        ),
        200,
        HTML,
      )
    })
}
