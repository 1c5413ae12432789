import { type Context, Hono } from 'hono'
import { HandoffConfirmSchema, type HandoffStep } from '../../contract/handoffs'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { invalidField, notFound, Problem, problem } from '../http/problem'
import { createRateLimiter } from '../http/rate-limit'
import { containerAttributes } from '../storage/container-attributes'
import type { HandoffRow } from '../storage/handoff-store'
import { gonePage, HANDOFF_CSS, type HandoffContainer, handoffPage } from './handoff-page'

const TOKEN = /^qsh_[A-Za-z0-9_-]{32}$/
const CONFIRMATIONS_PER_MINUTE = 30
const SAID: Record<HandoffStep, string> = {
  pickup: 'Pickup confirmed. Thank you.',
  empty_return: 'Empty return confirmed. Thank you.',
}

/** No script, no frame, no other origin: the page is plain HTML and posts only to itself. */
const CSP =
  "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; img-src 'self'"

const secure = (c: Context) => {
  c.header('Content-Security-Policy', CSP)
  c.header('X-Content-Type-Options', 'nosniff')
  // the token is in the path: never sent to another site; with no-referrer a browser's own form posts say Origin: null
  c.header('Referrer-Policy', 'same-origin')
  c.header('Cache-Control', 'no-store')
}

/** The form posts from this page; a browser always says where a cross-site post came from. */
function sameOrigin(c: Context, publicUrl: string) {
  const origin = c.req.header('Origin')
  if (origin !== undefined)
    return origin === new URL(c.req.url).origin || origin === new URL(publicUrl).origin
  const site = c.req.header('Sec-Fetch-Site')
  return site === undefined || site === 'same-origin' || site === 'none'
}

async function stepOf(c: Context) {
  const json = /json/i.test(c.req.header('Content-Type') ?? '')
  const raw = json ? await c.req.json().catch(() => null) : await c.req.parseBody().catch(() => null)
  const parsed = HandoffConfirmSchema.safeParse(raw)
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'step')
    throw invalidField(`/${field}`, `Send ${field}: step is pickup or empty_return, with the container_id`)
  }
  return { ...parsed.data, json }
}

/** The delivery order a trucker opens from a link: no session, the token in the path is the credential. */
export function handoffApp(deps: Deps) {
  const { storage } = deps
  const wallClock = deps.wallClock ?? systemClock
  const limiter = createRateLimiter(CONFIRMATIONS_PER_MINUTE, wallClock.now)
  const app = new Hono()

  const grantOf = async (c: Context): Promise<HandoffRow | Response> => {
    secure(c)
    const token = c.req.param('token') ?? ''
    const row = TOKEN.test(token) ? await storage.handoffs.use(token) : undefined
    if (!row) return c.html(gonePage('unknown'), 404)
    if (row.revoked_at) return c.html(gonePage('revoked'), 410)
    if (row.expires_at.getTime() <= wallClock.now().getTime()) return c.html(gonePage('expired'), 410)
    return row
  }

  const containersOf = async (row: HandoffRow): Promise<HandoffContainer[]> => {
    const rows = await storage.containers.byIds(row.account_id, row.container_ids)
    const terminalIds = [...new Set(rows.flatMap((r) => (r.pod_terminal_id ? [r.pod_terminal_id] : [])))]
    const terminals = new Map(
      (await storage.reference.terminalsByIds(terminalIds)).map((t) => [t.id, t.name]),
    )
    return rows
      .sort((a, b) => a.number.localeCompare(b.number))
      .map((r) => ({
        id: r.id,
        attributes: containerAttributes.of(r) as HandoffContainer['attributes'],
        terminalName: (r.pod_terminal_id && terminals.get(r.pod_terminal_id)) || null,
        confirmed: r.handoff_confirmations ?? {},
      }))
  }

  app.get('/handoff.css', (c) => c.body(HANDOFF_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }))

  app.get('/:token', async (c) => {
    const row = await grantOf(c)
    if (row instanceof Response) return row
    const said = SAID[c.req.query('confirmed') as HandoffStep]
    const token = c.req.param('token')
    return c.html(handoffPage(token, await containersOf(row), deps.clock.now(), row.note, said))
  })

  app.post('/:token/confirm', async (c) => {
    const row = await grantOf(c)
    if (row instanceof Response) return row
    if (!sameOrigin(c, deps.config.publicUrl))
      throw problem(403, { detail: 'Confirm from the delivery order page itself', code: 'cross_origin' })
    const taken = limiter.take(`handoff:${row.id}`)
    if (taken.over)
      throw new Problem(429, problem(429, { detail: 'Too many confirmations; try again shortly' }).errors, {
        'Retry-After': String(taken.retryAfter),
      })
    const { step, container_id, json } = await stepOf(c)
    if (!row.container_ids.includes(container_id)) throw notFound('container', container_id)
    const confirmed = await confirm(deps, row, container_id, step)
    if (json)
      return c.json({
        data: {
          type: 'handoff_confirmation',
          id: `${container_id}:${step}`,
          attributes: { step, container_id, confirmed_now: confirmed },
        },
      })
    return c.redirect(`/handoff/${c.req.param('token')}?confirmed=${step}`, 303)
  })
  return app
}

/** The trucker's word as a transport event and the container's columns, audited; a repeat changes nothing. */
async function confirm(deps: Deps, row: HandoffRow, containerId: string, step: HandoffStep) {
  const by = `trucker (${row.token_prefix})`
  const updated = await deps.storage.transaction(async (stores) => {
    const current = await stores.containers.get(row.account_id, containerId)
    if (!current) throw notFound('container', containerId)
    const made = await stores.containers.confirmHandoff(current, step, by)
    if (made)
      await stores.audit.record(
        { kind: 'system', id: `handoff:${row.id}`, name: by },
        {
          accountId: row.account_id,
          action: step === 'pickup' ? 'container.pickup_confirmed' : 'container.empty_return_confirmed',
          target: { type: 'container', id: current.id, label: current.number },
          after: { step, at: made.updated_at.toISOString() },
        },
      )
    return made
  })
  if (updated) deps.responseCache?.invalidate(row.account_id)
  return updated !== undefined
}
