import type { Context } from 'hono'
import {
  AlertRuleCreateSchema,
  AlertRuleDocumentSchema,
  type AlertRuleInput,
  AlertRuleListDocumentSchema,
  AlertRulePreviewSchema,
  AlertRuleUpdateSchema,
} from '../../contract/alerts'
import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { type RouteEnv, route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import type { AlertRuleValues } from '../storage/alert-rule-store'
import type { Stores } from '../storage/storage'
import { createAddressGuard, parseAllowlist } from '../webhooks/url-safety'
import { checkChat, checkCondition, checkRecipients, checkScope, checkTimeZone } from './alert-rule-checks'
import { AUDITED_RULE_FIELDS, auditedRule, renderRule, valuesOf } from './alert-rule-resource'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'

const PREVIEW_DAYS = 7

type Checks = (
  c: Context<RouteEnv>,
  attributes: Partial<AlertRuleInput>,
  hasSealedUrl: boolean,
) => Promise<void>

function ruleChecks({ storage, config }: Deps): Checks {
  const guard = createAddressGuard({ allowlist: parseAllowlist(config.webhookAllowlist) })
  return async (c, attributes, hasSealedUrl) => {
    const accountId = c.var.caller.accountId
    if (attributes.condition) checkCondition(attributes.condition)
    if (attributes.scope) await checkScope(storage, accountId, attributes.scope)
    if (attributes.recipient_user_ids)
      await checkRecipients(storage, accountId, attributes.recipient_user_ids)
    checkTimeZone(attributes.time_zone)
    await checkChat(guard, attributes, hasSealedUrl)
  }
}

const ruleReads = (deps: Deps, find: ReturnType<typeof ruleFinder>) => [
  route(
    {
      method: 'get',
      path: '/alert_rules',
      summary: "List the account's alert rules (Quayside extension)",
      response: AlertRuleListDocumentSchema,
    },
    async (c) => {
      const rules = await deps.storage.alertRules.list(c.var.caller.accountId)
      return respond(c, { data: rules.map(renderRule), meta: { total: rules.length } })
    },
  ),
  route(
    {
      method: 'get',
      path: '/alert_rules/:id',
      summary: 'Get an alert rule; its chat webhook URL is shown only as a hint',
      response: AlertRuleDocumentSchema,
    },
    async (c) => respond(c, { data: renderRule(await find(c.var.caller.accountId, c.req.param('id'))) }),
  ),
  route(
    {
      method: 'post',
      path: '/alert_rules/preview',
      summary: `What a rule would have done: how often it would have fired in the last ${PREVIEW_DAYS} days, from history`,
      body: AlertRuleCreateSchema,
      response: AlertRulePreviewSchema,
    },
    async (c, { body: { data } }) => {
      await ruleChecks(deps)(
        c,
        { ...data.attributes, chat_webhook_url: undefined, channels: undefined },
        false,
      )
      const now = deps.clock.now()
      const preview = await deps.storage.alertPreview.wouldHaveFired(
        {
          account_id: c.var.caller.accountId,
          condition: data.attributes.condition,
          scope: data.attributes.scope,
        },
        now,
        PREVIEW_DAYS,
      )
      return respond(c, { meta: { days: PREVIEW_DAYS, ...preview } })
    },
  ),
]

// read when asked, not when the router is built (the OpenAPI document is built from a router with no storage)
const ruleFinder = (storage: Deps['storage']) =>
  findingOr404('alert_rule', (accountId: string, id: string) => storage.alertRules.byId(accountId, id))

/** The change's audit record, written in its transaction; never the chat URL. */
const recorder =
  (c: Context<RouteEnv>, action: string, id: string, label: string, change: object | null) =>
  async (stores: Stores) => {
    if (change)
      await stores.audit.record(auditActor(c), {
        accountId: c.var.caller.accountId,
        action: `alert_rule.${action}`,
        target: { type: 'alert_rule', id, label },
        ...change,
      })
  }

function ruleCreate(deps: Deps, find: ReturnType<typeof ruleFinder>) {
  const { storage } = deps
  const checks = ruleChecks(deps)
  return route(
    {
      method: 'post',
      path: '/alert_rules',
      summary: 'Create an alert rule: a condition, a scope, recipients, channels and a delivery',
      description:
        'Recipients default to the person creating it. A chat webhook URL is held to the outbound rules webhooks follow and kept encrypted with SECRET_KEY.',
      body: AlertRuleCreateSchema,
      response: AlertRuleDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      const { caller } = c.var
      const attributes = data.attributes
      await checks(c, attributes, false)
      const nobody = !attributes.recipient_user_ids?.length && !attributes.recipient_emails?.length
      const values = {
        ...valuesOf(attributes, deps.config.secretKey),
        recipient_user_ids: nobody && caller.userId ? [caller.userId] : (attributes.recipient_user_ids ?? []),
        created_by: caller.userId ?? null,
      } as AlertRuleValues
      const made = await storage.transaction(async (stores) => {
        const row = await stores.alertRules.create(caller.accountId, values)
        await recorder(c, 'created', row.id, row.name, { before: null, after: auditedRule(row) })(stores)
        return row
      })
      return respond(c, { data: renderRule(await find(caller.accountId, made.id)) }, 201)
    },
  )
}

function ruleChanges(deps: Deps, find: ReturnType<typeof ruleFinder>) {
  const { storage } = deps
  const checks = ruleChecks(deps)
  return [
    route(
      {
        method: 'patch',
        path: '/alert_rules/:id',
        summary: 'Change an alert rule (its chat webhook URL is replaced, or removed with null)',
        body: AlertRuleUpdateSchema,
        response: AlertRuleDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const rule = await find(accountId, c.req.param('id'))
        const attributes = data.attributes
        await checks(
          c,
          { channels: rule.channels as AlertRuleInput['channels'], ...attributes },
          Boolean(rule.chat_webhook_url_sealed),
        )
        const values = valuesOf(attributes, deps.config.secretKey)
        await storage.transaction(async (stores) => {
          const row = await stores.alertRules.update(accountId, rule.id, values)
          const change = changedFields(auditedRule(rule), auditedRule(row), AUDITED_RULE_FIELDS)
          await recorder(c, 'updated', rule.id, row.name, change)(stores)
        })
        return respond(c, { data: renderRule(await find(accountId, rule.id)) })
      },
    ),
    route(
      {
        method: 'delete',
        path: '/alert_rules/:id',
        summary: 'Delete an alert rule; the alerts it fired go with it',
        response: 'empty',
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const rule = await find(accountId, c.req.param('id'))
        await storage.transaction(async (stores) => {
          await stores.alertRules.remove(accountId, rule.id)
          await recorder(c, 'deleted', rule.id, rule.name, { before: auditedRule(rule), after: null })(stores)
        })
        return c.body(null, 204)
      },
    ),
  ]
}

export const alertRuleRoutes = (deps: Deps) => {
  const find = ruleFinder(deps.storage)
  return routes(...ruleReads(deps, find), ruleCreate(deps, find), ...ruleChanges(deps, find))
}
