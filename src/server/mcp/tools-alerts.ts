import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import {
  ALERT_CONDITION_KINDS,
  ALERT_CONDITIONS,
  ALERT_DELIVERY_MODES,
  ALERT_SCOPE_KINDS,
  AlertRuleCreateSchema,
} from '../../contract/alerts'
import type { ApiReader } from './api-client'
import type { ListBody, OneBody, Resource } from './json-api'
import { answer, guarded, READ_ONLY, ToolRefusal, WRITES } from './tool-kit'

/** A chat channel needs its webhook URL, a secret an assistant should never carry: it is set in Settings → Alerts. */
const CHANNELS = ['in_app', 'email', 'webhook'] as const

const conditionWords = (condition: { kind: string; days?: number | null; hours?: number | null }) => {
  const entry = ALERT_CONDITIONS[condition.kind as keyof typeof ALERT_CONDITIONS]
  const n = condition.days ?? condition.hours
  return entry ? entry.label.replace('N', n === undefined || n === null ? 'N' : String(n)) : condition.kind
}

/** What a rule is, without its chat webhook (not even the hint). */
const ruleView = ({ id, attributes: r }: Resource) => ({
  id,
  name: r.name,
  enabled: r.enabled ?? true,
  condition: r.condition,
  condition_words: conditionWords(r.condition),
  scope: r.scope,
  channels: r.channels ?? [],
  delivery: r.delivery ?? 'immediate',
  last_fired_at: r.last_fired_at ?? null,
})

const createArgs = {
  name: z.string().trim().min(1).max(120),
  condition: z
    .enum(ALERT_CONDITION_KINDS)
    .describe('What to watch, e.g. lfd_within, hold_appeared, eta_slipped'),
  days: z.number().int().optional().describe('For lfd_within: how many days before the last free day'),
  hours: z.number().int().optional().describe('For eta_slipped and data_stale: how many hours'),
  scope: z.enum(ALERT_SCOPE_KINDS).optional().describe('all unless given'),
  party_id: z.string().optional().describe('For scope customer'),
  terminal_id: z.string().optional().describe('For scope terminal'),
  tag: z.string().optional().describe('For scope tag'),
  channels: z.array(z.enum(CHANNELS)).min(1).max(3).optional().describe('in_app unless given'),
  recipient_emails: z.array(z.string()).max(50).optional(),
  delivery: z.enum(ALERT_DELIVERY_MODES).optional(),
}
type CreateArgs = { [K in keyof typeof createArgs]: z.infer<(typeof createArgs)[K]> }

/** The API's body, checked with the contract's own schema before it is sent. */
export function alertRuleBody(args: CreateArgs) {
  const parameter = ALERT_CONDITIONS[args.condition].parameter
  const value = parameter ? (args[parameter.name] ?? parameter.default) : undefined
  const scopeKind = args.scope ?? 'all'
  const body = {
    data: {
      type: 'alert_rule' as const,
      attributes: {
        name: args.name,
        condition: { kind: args.condition, ...(parameter ? { [parameter.name]: value } : {}) },
        scope: {
          kind: scopeKind,
          ...(args.party_id ? { party_id: args.party_id } : {}),
          ...(args.terminal_id ? { terminal_id: args.terminal_id } : {}),
          ...(args.tag ? { tag: args.tag } : {}),
        },
        channels: args.channels ?? ['in_app'],
        ...(args.recipient_emails?.length ? { recipient_emails: args.recipient_emails } : {}),
        ...(args.delivery ? { delivery: args.delivery } : {}),
      },
    },
  }
  const checked = AlertRuleCreateSchema.safeParse(body)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    throw new ToolRefusal(`The rule is not valid: ${issue.path.slice(2).join('.')} ${issue.message}`.trim())
  }
  return body
}

export function registerAlertTools(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_alert_rules',
    {
      title: 'List alert rules',
      description:
        "The account's alert rules: what each watches in words, its scope, channels, delivery and when it last fired.",
      inputSchema: {},
      annotations: READ_ONLY,
    },
    guarded(async () => {
      const { body } = await reader.get<ListBody>('/v2/alert_rules?page[size]=100')
      const rules = body.data.map(ruleView)
      const text = rules.length
        ? rules
            .map(
              (r) =>
                `${r.name}: ${r.condition_words} (${r.scope.kind}; ${r.channels.join(', ')})${r.enabled ? '' : ' [off]'}`,
            )
            .join('\n')
        : 'No alert rules yet.'
      return answer(text, { rules })
    }),
  )
  server.registerTool(
    'create_alert_rule',
    {
      title: 'Create an alert rule',
      description:
        'Create a rule that tells people when a condition becomes true (last free day within N days, a hold appears, ETA slips by N hours…), for all containers or a customer, terminal or tag, in the app, by email or webhook. A change to the account: needs a key or role that can write.',
      inputSchema: createArgs,
      annotations: WRITES,
    },
    guarded(async (args) => {
      const { body } = await reader.send<OneBody>('POST', '/v2/alert_rules', alertRuleBody(args))
      const rule = ruleView(body.data)
      return answer(`Created "${rule.name}": ${rule.condition_words}.`, { rule })
    }),
  )
}
