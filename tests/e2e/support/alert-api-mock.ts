import type { Page, Route } from '@playwright/test'

type Json = Record<string, unknown>

/**
 * The alert endpoints answered in the browser, as the service's contract says they answer: the page and the
 * bell are tested on their own, the service's rules and evaluator by its own suites.
 */
export class AlertApiMock {
  rules: Json[] = []
  alerts: Json[] = []
  created: Json[] = []
  previews: Json[] = []
  reads: string[] = []
  readAll = 0
  /** The next create answers this 422 instead. */
  refusal?: { pointer: string; detail: string }

  constructor(readonly page: Page) {}

  async install() {
    await this.page.route(/\/v2\/alert_rules(\/preview)?(\?.*)?$/, (route) => this.ruleRoute(route))
    await this.page.route(/\/v2\/alerts(\/[^/?]+\/read|\/read_all)?(\?.*)?$/, (route) =>
      this.alertRoute(route),
    )
  }

  private json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/vnd.api+json', body: JSON.stringify(body) })

  private ruleRoute(route: Route) {
    const request = route.request()
    const body = request.postDataJSON() as { data: { attributes: Json } } | null
    if (request.url().includes('/preview')) {
      this.previews.push(body!.data.attributes)
      return this.json(route, 200, {
        meta: {
          days: 7,
          would_have_fired: 3,
          examples: [{ subject_label: 'MSCU1234565', fired_at: '2026-11-24T09:00:00Z' }],
        },
      })
    }
    if (request.method() === 'GET')
      return this.json(route, 200, { data: this.rules, meta: { total: this.rules.length } })
    if (this.refusal) {
      const { pointer, detail } = this.refusal
      this.refusal = undefined
      return this.json(route, 422, {
        errors: [{ status: '422', title: 'Invalid', detail, source: { pointer } }],
      })
    }
    const attributes = body!.data.attributes
    this.created.push(attributes)
    const rule = { id: `rule-${this.created.length}`, type: 'alert_rule', attributes: { ...attributes } }
    this.rules.push(rule)
    return this.json(route, 201, { data: rule })
  }

  private alertRoute(route: Route) {
    const request = route.request()
    const url = new URL(request.url())
    const read = url.pathname.match(/\/v2\/alerts\/([^/]+)\/read$/)
    if (read) {
      this.reads.push(read[1])
      this.markRead((a) => a.id === read[1])
      return route.fulfill({ status: 204 })
    }
    if (url.pathname.endsWith('/read_all')) {
      this.readAll++
      this.markRead(() => true)
      return route.fulfill({ status: 204 })
    }
    const unread = this.alerts.filter((a) => !(a.attributes as Json).read_at)
    const rows = url.searchParams.get('filter[unread]') === 'true' ? unread : this.alerts
    return this.json(route, 200, { data: rows, meta: { total: rows.length, unread_count: unread.length } })
  }

  private markRead(which: (alert: Json) => boolean) {
    for (const alert of this.alerts)
      if (which(alert)) (alert.attributes as Json).read_at ??= '2026-11-26T07:00:00Z'
  }
}

/** An alert about a container, as `/v2/alerts` renders one. */
export const containerAlert = (id: string, container: { id: string; number: string }, title: string) => ({
  id,
  type: 'alert',
  attributes: {
    rule_name: 'Northwind: last free day close',
    condition_kind: 'lfd_within',
    subject_type: 'container',
    fired_at: '2026-11-26T06:30:00Z',
    title,
    body: 'Not picked up yet.',
    container_number: container.number,
    customer_name: 'Northwind Traders',
    time_zone: 'America/Los_Angeles',
    read_at: null,
  },
  relationships: { container: { data: { type: 'container', id: container.id } } },
})
