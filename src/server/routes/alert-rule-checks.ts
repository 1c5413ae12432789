import {
  ALERT_CONDITIONS,
  type AlertCondition,
  type AlertRuleInput,
  type AlertScope,
} from '../../contract/alerts'
import { invalidField } from '../http/problem'
import type { Storage } from '../storage/storage'
import type { AddressGuard } from '../webhooks/url-safety'

const A = '/data/attributes'

/** The catalogue's one parameter, required and within its bounds; no other. */
export function checkCondition(condition: AlertCondition) {
  const entry = ALERT_CONDITIONS[condition.kind]
  const parameter = entry.parameter
  for (const name of ['days', 'hours'] as const)
    if (condition[name] !== undefined && parameter?.name !== name)
      throw invalidField(`${A}/condition/${name}`, `'${condition.kind}' takes no ${name}`, 'invalid')
  if (!parameter) return
  const value = condition[parameter.name]
  if (value === undefined)
    throw invalidField(
      `${A}/condition/${parameter.name}`,
      `'${condition.kind}' needs ${parameter.name} (${parameter.min} to ${parameter.max})`,
      'blank',
    )
  if (value < parameter.min || value > parameter.max)
    throw invalidField(
      `${A}/condition/${parameter.name}`,
      `${parameter.name} must be from ${parameter.min} to ${parameter.max}`,
      'invalid',
    )
}

const needs = (field: keyof AlertScope, kind: string) =>
  invalidField(`${A}/scope/${field}`, `A ${kind} scope needs ${field}`, 'blank')

/** What the scope names must exist in the account. */
export async function checkScope(storage: Storage, accountId: string, scope: AlertScope) {
  if (scope.kind === 'customer') {
    if (!scope.party_id) throw needs('party_id', 'customer')
    if (!(await storage.alertRules.partyExists(accountId, scope.party_id)))
      throw invalidField(
        `${A}/scope/party_id`,
        `There is no customer ${scope.party_id} in the account`,
        'not_found',
      )
  }
  if (scope.kind === 'terminal') {
    if (!scope.terminal_id) throw needs('terminal_id', 'terminal')
    if (!(await storage.alertRules.terminalExists(scope.terminal_id)))
      throw invalidField(`${A}/scope/terminal_id`, `There is no terminal ${scope.terminal_id}`, 'not_found')
  }
  if (scope.kind === 'tag' && !scope.tag) throw needs('tag', 'tag')
  if (scope.kind === 'custom_field') {
    if (!scope.field_name) throw needs('field_name', 'custom field')
    if (scope.field_value === undefined) throw needs('field_value', 'custom field')
    if (!(await storage.alertRules.fieldExists(accountId, scope.field_name)))
      throw invalidField(
        `${A}/scope/field_name`,
        `There is no shipment or container field '${scope.field_name}'`,
        'not_found',
      )
  }
}

export async function checkRecipients(storage: Storage, accountId: string, ids: readonly string[]) {
  const found = new Set((await storage.alertRules.people(accountId, ids)).map((person) => person.id))
  const index = ids.findIndex((id) => !found.has(id))
  if (index >= 0)
    throw invalidField(
      `${A}/recipient_user_ids/${index}`,
      `${ids[index]} is not a person of this account`,
      'not_found',
    )
}

export function checkTimeZone(zone: string | undefined) {
  if (zone === undefined) return
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    throw invalidField(`${A}/time_zone`, `'${zone}' is not an IANA time zone`, 'invalid')
  }
}

/** Held to the webhooks' outbound rules, so a rule cannot aim the server at itself or its network. */
export async function checkChat(
  guard: AddressGuard,
  attributes: Partial<AlertRuleInput>,
  hasSealedUrl: boolean,
) {
  const url = attributes.chat_webhook_url
  if (url) {
    const refused = await guard.savedUrlProblem(url)
    if (refused) throw invalidField(`${A}/chat_webhook_url`, refused, 'unsafe_url')
  }
  const chat = attributes.channels?.includes('chat')
  if (chat && !url && (url === null || !hasSealedUrl))
    throw invalidField(`${A}/chat_webhook_url`, 'The chat channel needs an incoming webhook URL', 'blank')
}
